package dev.ecsloop.demo.window;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Prints why a test was skipped on the build's console. Surefire keeps an aborted test's reason in its XML report
 * only, so without this a developer running {@code mvn -B verify} with no display sees "Skipped: 1" and not how to
 * include the window tests.
 */
public final class SaysWhySkipped implements TestWatcher {

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        System.out.println("SKIPPED " + context.getRequiredTestClass().getSimpleName() + "."
                + context.getRequiredTestMethod().getName() + ": " + cause.getMessage());
    }
}
