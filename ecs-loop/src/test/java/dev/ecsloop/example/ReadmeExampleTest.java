package dev.ecsloop.example;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's example is this module's {@link ReadmeExample}, compiled by the build and run here. */
class ReadmeExampleTest {

    @Test
    void theReadmeShowsTheCompiledExampleVerbatim() throws IOException {
        String source = Files.readString(Path.of("src/test/java/dev/ecsloop/example/ReadmeExample.java")).strip();
        String readme = Files.readString(Path.of("../README.md"));
        int start = readme.indexOf("```java\n");
        assertTrue(start >= 0, "README has a java block");
        int end = readme.indexOf("\n```", start + 8);
        assertEquals(source, readme.substring(start + 8, end).strip());
    }

    @Test
    void theExampleRunsBothRatesAndTheRenderer() {
        var loop = ReadmeExample.create();
        loop.frame();
        assertEquals(1, loop.stats().ticks(ReadmeExample.RenderSystem.class));
        assertEquals(15.0, loop.rate(ReadmeExample.AiSystem.class));
        assertEquals(60.0, loop.rate(ReadmeExample.PhysicsSystem.class));
    }
}
