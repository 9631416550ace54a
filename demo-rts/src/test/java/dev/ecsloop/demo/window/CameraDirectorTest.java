package dev.ecsloop.demo.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where the camera goes on its own: the army first, then the battle; the player takes over and gives back. */
class CameraDirectorTest {
    private final Camera camera = new Camera();
    private final CameraDirector director = new CameraDirector(camera);
    private final RenderSnapshot s = new RenderSnapshot();

    CameraDirectorTest() {
        camera.setViewport(1280, 720);
        s.setMap(256, 256, new boolean[256 * 256]); // at 1280 px across, zoom 5 shows it whole
        director.setFreeArea(408, 0, 1064, 720);
    }

    private void armiesApart() {
        s.clear();
        s.addUnit(40, 40, 0, 0, 1f, false, RenderSnapshot.BASE);
        s.addUnit(216, 216, 0, 1, 1f, false, RenderSnapshot.BASE);
        for (int i = 0; i < 20; i++) {
            s.addUnit(45 + i * 0.3f, 45, 0, 0, 1f, false);
            s.addUnit(210 - i * 0.3f, 210, 0, 1, 1f, false);
        }
    }

    private void armiesMeetAt(float x, float y) {
        s.clear();
        s.addUnit(40, 40, 0, 0, 1f, false, RenderSnapshot.BASE);
        for (int i = 0; i < 20; i++) {
            s.addUnit(x - 2 + i * 0.1f, y, 0, 0, 1f, false);
            s.addUnit(x + 2 - i * 0.1f, y + 1, 0, 1, 1f, false);
        }
    }

    /** Where the middle of the free area looks, in world units. */
    private float freeCentreX() {
        return camera.worldX((408 + 1064) / 2f);
    }

    private float freeCentreY() {
        return camera.worldY(360);
    }

    @Test
    void framesThePlayersArmyFirstInTheFreeArea() {
        armiesApart();
        director.update(s, 1 / 60f);
        assertEquals(CameraDirector.Mode.BATTLE, director.mode(), "then watches for the battle");
        assertFalse(director.onBattle());
        assertEquals((40 + 45 + 19 * 0.3f) / 2, freeCentreX(), 0.5f,
                "the army and its base in the middle of the free area");
        assertEquals(CameraDirector.FRAME_MAX_ZOOM, camera.zoom(), 1e-4, "a small army: no closer than the cap");
    }

    @Test
    void goesToTheFirstEngagementAndFollowsIt() {
        armiesApart();
        director.update(s, 1 / 60f);
        armiesMeetAt(64, 64);
        director.update(s, 1 / 60f);
        assertTrue(director.onBattle());
        assertEquals(64f, freeCentreX(), 0.5f);
        assertEquals(64.5f, freeCentreY(), 0.5f);
        armiesMeetAt(80, 64);
        for (int frame = 0; frame < 120; frame++) { // two seconds of gliding
            director.update(s, 1 / 60f);
        }
        assertEquals(80f, freeCentreX(), 0.5f, "followed the fight as it moved");
    }

    @Test
    void thePlayerTakesOverAndTheBattleKeyGivesItBack() {
        armiesApart();
        director.update(s, 1 / 60f);
        director.playerTookOver();
        armiesMeetAt(64, 64);
        director.update(s, 1 / 60f);
        assertFalse(director.onBattle(), "the player steers");
        director.followBattle();
        director.update(s, 1 / 60f);
        assertTrue(director.onBattle());
        assertEquals(64f, freeCentreX(), 0.5f);
    }

    @Test
    void theBaseKeyGoesToThePlayersBase() {
        armiesMeetAt(64, 64);
        s.setViewer(0);
        director.update(s, 1 / 60f);
        assertTrue(director.goHome(s));
        assertEquals(CameraDirector.Mode.PLAYER, director.mode());
        assertEquals(40f, freeCentreX(), 0.5f);
        assertEquals(40f, freeCentreY(), 0.5f);
    }

    @Test
    void lookBeforeTheMapWaitsAndOffTheMapIsRefused() {
        assertEquals("will look at (80, 90) once the map is drawn", director.look(80, 90, 6, "80", "90", "6"));
        armiesApart();
        director.update(s, 1 / 60f);
        assertEquals(80f, camera.centerX(), 1e-3);
        assertEquals(6f, camera.zoom(), 1e-4);
        assertEquals(CameraDirector.Mode.PLAYER, director.mode(), "a look is the player's choice: no framing after");
        IllegalArgumentException off = assertThrows(IllegalArgumentException.class,
                () -> director.look(500, 3, 6, "500", "3", "6"));
        assertEquals("(500, 3) is off the map, which is 256 x 256 cells", off.getMessage());
        IllegalArgumentException zoom = assertThrows(IllegalArgumentException.class,
                () -> director.look(5, 3, 300, "5", "3", "300"));
        assertEquals("[zoom] is pixels per cell and must be from 0.5 (far) to 128 (close), was 300", zoom.getMessage());
    }

    @Test
    void aGameShownWholeLeavesTheCameraToThePlayer() {
        director.setFramesUnitsFirst(false);
        armiesMeetAt(64, 64);
        director.update(s, 1 / 60f);
        assertEquals(CameraDirector.Mode.PLAYER, director.mode());
        assertEquals(128f, camera.centerX(), 1e-3, "the whole map, centred");
    }
}
