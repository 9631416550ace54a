package dev.ecsloop.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jar a user runs, after packaging: every other test runs on Maven's class path, where a dependency the shaded
 * jar leaves out is still present. (The explorer's JSON library was such a case: declared test-scoped by demo-rts
 * for its own checks, it overrode the explorer's compile scope, and {@code --explorer} died of a missing class in
 * the shipped jar while every test passed.) Each run uses a feature whose libraries only it loads.
 */
class ShippedJarIT {

    private static final Path JAR = Path.of(System.getProperty("demo.jar", "target/demo-rts.jar"));

    @Test
    @Timeout(180)
    void theShippedJarRunsAHeadlessGameWithTheExplorerAndSnapshots() throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(JAR), "no packaged jar at " + JAR.toAbsolutePath());
        Path dir = Files.createTempDirectory("shipped-jar");
        Path snap = dir.resolve("s.snap");
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toString(), "--headless", "--seconds", "2", "--units", "40",
                "--explorer", Integer.toString(port), "--save", snap + "@1", "--print-hash"))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(150, TimeUnit.SECONDS), "the demo did not end");
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        assertFalse(text.contains("NoClassDefFoundError") || text.contains("ClassNotFoundException"), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("(?i).*hash.*[0-9a-f]{16}.*")), text);
        assertTrue(Files.size(snap) > 0, "no snapshot written: " + text);
    }
}
