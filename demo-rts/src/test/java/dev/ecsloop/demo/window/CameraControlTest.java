package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CameraControlTest {

    private final Camera camera = new Camera();
    private final CameraControl control = new CameraControl(camera);

    CameraControlTest() {
        camera.setViewport(800, 600);
        camera.setZoom(10);
    }

    @Test
    void heldKeyPansAtTheConfiguredPixelSpeed() {
        control.right = true;
        control.update(0.5f);
        assertEquals(CameraControl.PAN_SPEED * 0.5f / 10f, camera.centerX(), 1e-4);
        assertEquals(0f, camera.centerY());
    }

    @Test
    void oppositeKeysCancel() {
        control.left = true;
        control.right = true;
        control.update(1f);
        assertEquals(0f, camera.centerX());
    }

    @Test
    void cursorAtAnEdgePansOnlyWhenEdgePanningIsOn() {
        control.cursorX = 2;
        control.cursorY = 300;
        control.update(1f);
        assertEquals(0f, camera.centerX());
        control.edgePan = true;
        control.update(1f);
        assertEquals(-CameraControl.PAN_SPEED / 10f, camera.centerX(), 1e-4);
    }

    @Test
    void keyAndEdgeTogetherDoNotPanFaster() {
        control.edgePan = true;
        control.cursorX = 799;
        control.cursorY = 300;
        control.right = true;
        control.update(1f);
        assertEquals(CameraControl.PAN_SPEED / 10f, camera.centerX(), 1e-4);
    }

    @Test
    void wheelZoomsInTowardsTheCursor() {
        control.cursorX = 600;
        control.cursorY = 100;
        float wx = camera.worldX(600);
        control.wheel(2);
        assertEquals(10f * CameraControl.WHEEL_STEP * CameraControl.WHEEL_STEP, camera.zoom(), 1e-4);
        assertEquals(wx, camera.worldX(600), 1e-4);
    }
}
