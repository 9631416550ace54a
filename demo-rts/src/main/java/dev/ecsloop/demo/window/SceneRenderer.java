package dev.ecsloop.demo.window;

import static org.lwjgl.opengl.GL33C.*;

/**
 * Draws a {@link RenderSnapshot} through a {@link Camera}: clear, map quad, unit instances, lines. At most six
 * draw calls a frame whatever the number of units. Needs a current GL 3.3 core context from construction to
 * {@link #free()}.
 */
final class SceneRenderer {

    private final MapLayer map = new MapLayer();
    private final UnitLayer units = new UnitLayer();
    private final LineLayer lines = new LineLayer();
    private final float[] clip = new float[4];

    void draw(RenderSnapshot s, Camera camera) {
        glViewport(0, 0, camera.viewportWidth(), camera.viewportHeight());
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_CULL_FACE);
        glDisable(GL_BLEND);
        glDisable(GL_SCISSOR_TEST);
        glClearColor(Palette.r(Palette.BACKGROUND), Palette.g(Palette.BACKGROUND), Palette.b(Palette.BACKGROUND), 1f);
        glClear(GL_COLOR_BUFFER_BIT);
        camera.clipTransform(clip);
        map.draw(s, clip);
        units.upload(s);
        units.draw(s.unitCount, clip, camera.zoom());
        lines.upload(s);
        lines.draw(clip);
        glBindVertexArray(0);
        glUseProgram(0);
    }

    /** Frees in reverse order of creation. */
    void free() {
        lines.free();
        units.free();
        map.free();
    }
}
