package dev.ecsloop.demo.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.console.Console;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window's console commands on a console of their own, no window. */
class WindowCommandsTest {
    private final Camera camera = new Camera();
    private final CameraDirector director = new CameraDirector(camera);
    private final Console console = new Console();
    private final List<String> replies = new ArrayList<>();
    private int closes;

    WindowCommandsTest() {
        camera.setViewport(1280, 720);
        WindowCommands.register(console, director, () -> closes++);
        RenderSnapshot s = new RenderSnapshot();
        s.setMap(256, 256, new boolean[256 * 256]);
        director.setFramesUnitsFirst(false);
        director.update(s, 0);
    }

    private String run(String line) {
        replies.clear();
        console.execute(line, replies::add);
        return String.join("\n", replies);
    }

    @Test
    void lookAimsTheCameraAndKeepsTheZoomWhenNoneIsTyped() {
        assertEquals("looking at (80.0, 90.0), 16.0 px per cell", run("look 80 90 16"));
        assertEquals("looking at (100.0, 90.0), 16.0 px per cell", run("look 100 90"));
    }

    @Test
    void badLooksAreRefusedInOneLine() {
        assertEquals("error: (300, 3) is off the map, which is 256 x 256 cells", run("look 300 3"));
        assertTrue(run("look 5 5 0.1").startsWith("error: [zoom] is pixels per cell"), run("look 5 5 0.1"));
    }

    @Test
    void helpExplainsTheZoom() {
        assertTrue(run("help look").contains("pixels per cell"), run("help look"));
    }

    @Test
    void quitClosesTheWindowAndANameTakenIsLeftAlone() {
        assertEquals("quitting", run("quit"));
        assertEquals(1, closes);
        WindowCommands.register(console, director, () -> closes += 10); // a second run on the same console
        run("quit");
        assertEquals(2, closes, "the first registration stands");
    }
}
