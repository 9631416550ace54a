package dev.ecsloop.demo.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Who steers the camera, decided without a window: the player's moves end the directing, the director's do not. */
class SteeringWatchTest {
    private final Camera camera = new Camera();
    private final CameraDirector director = new CameraDirector(camera);
    private final SteeringWatch watch = new SteeringWatch(camera, director);
    private final RenderSnapshot s = new RenderSnapshot();

    SteeringWatchTest() {
        camera.setViewport(1280, 720);
        s.setMap(256, 256, new boolean[256 * 256]);
        s.addUnit(40, 40, 0, 0, 1f, false, RenderSnapshot.BASE);
        s.addUnit(216, 216, 0, 1, 1f, false, RenderSnapshot.BASE);
        for (int i = 0; i < 20; i++) {
            s.addUnit(45 + i * 0.3f, 45, 0, 0, 1f, false);
            s.addUnit(210 - i * 0.3f, 210, 0, 1, 1f, false);
        }
    }

    private void frame(boolean overlay, boolean panel) {
        watch.update(s, 1 / 60f, true, overlay, panel, false, 3);
    }

    @Test
    void theDirectorsOwnFramingIsNoTakeoverButAPlayersPanIs() {
        frame(true, true);
        frame(true, true);
        assertEquals(CameraDirector.Mode.BATTLE, director.mode(), "the director moved the camera itself");
        camera.panPixels(30, 0);
        frame(true, true);
        assertEquals(CameraDirector.Mode.PLAYER, director.mode(), "a pan between frames is the player's");
    }

    @Test
    void aMoveRememberedForThePlayerIsNoTakeover() {
        frame(true, true);
        camera.panPixels(30, 0);
        watch.remember();
        frame(true, true);
        assertEquals(CameraDirector.Mode.BATTLE, director.mode());
    }

    @Test
    void theArmyIsFramedInTheAreaTheOverlayLeavesFree() {
        float army = (40 + 45 + 19 * 0.3f) / 2;
        frame(true, true);
        float right = new MinimapLayout(1280, 1, 1).x;
        float left = Overlay.PANEL_X + Overlay.PANEL_W;
        assertEquals(army, camera.worldX((left + right) / 2), 0.5f, "between the panel and the minimap");
        director.reset();
        frame(false, false);
        assertEquals(army, camera.worldX(640), 0.5f, "no overlay: the middle of the view");
    }

    @Test
    void aNarrowViewIsFreeWhole() {
        camera.setViewport(800, 600);
        frame(true, true);
        assertEquals((40 + 45 + 19 * 0.3f) / 2, camera.worldX(400), 0.5f);
    }
}
