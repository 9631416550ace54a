package dev.ecsloop.demo.window;

import java.nio.FloatBuffer;

import static org.lwjgl.opengl.GL33C.*;

/**
 * Every line of a frame in one {@code GL_LINES} draw: the selected units' paths (one segment per consecutive pair
 * of points), a small cross per projectile in flight, and the selection rectangle being dragged (four segments). Each vertex carries its colour
 * (x, y, r, g, b: {@value #FLOATS} floats), so both kinds share the draw.
 */
final class LineLayer {

    static final int FLOATS = 5;

    private static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec2 a_pos;
            layout(location = 1) in vec3 a_color;
            uniform vec4 u_clip;
            out vec3 v_color;
            void main() {
                v_color = a_color;
                gl_Position = vec4(a_pos * u_clip.xy + u_clip.zw, 0.0, 1.0);
            }
            """;

    private final int program;
    private final int uClip;
    private final int vao;
    private final StreamBuffer vertices = new StreamBuffer(1024 * FLOATS);
    private int vertexCount;

    LineLayer() {
        program = GlProgram.link("lines", VERTEX, GlProgram.VERTEX_COLOR_FRAGMENT);
        uClip = glGetUniformLocation(program, "u_clip");
        vao = glGenVertexArrays();
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vertices.name());
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, false, FLOATS * Float.BYTES, 0);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 3, GL_FLOAT, false, FLOATS * Float.BYTES, 2L * Float.BYTES);
        glBindVertexArray(0);
    }

    void upload(RenderSnapshot s) {
        int segments = s.pathSegments() + (s.dragging ? 4 : 0) + 2 * s.projectileCount;
        FloatBuffer f = vertices.begin(segments * 2 * FLOATS);
        for (int p = 0; p < s.pathCount; p++) {
            for (int i = s.pathStart[p]; i + 1 < s.pathStart[p + 1]; i++) {
                vertex(f, s.pathXy[2 * i], s.pathXy[2 * i + 1], Palette.PATH);
                vertex(f, s.pathXy[2 * i + 2], s.pathXy[2 * i + 3], Palette.PATH);
            }
        }
        for (int i = 0; i < s.projectileCount; i++) { // a small cross per projectile in flight
            float px = s.projectileX[i];
            float py = s.projectileY[i];
            vertex(f, px - 0.3f, py, Palette.SHOT);
            vertex(f, px + 0.3f, py, Palette.SHOT);
            vertex(f, px, py - 0.3f, Palette.SHOT);
            vertex(f, px, py + 0.3f, Palette.SHOT);
        }
        if (s.dragging) {
            float x0 = s.dragX0;
            float y0 = s.dragY0;
            float x1 = s.dragX1;
            float y1 = s.dragY1;
            segment(f, x0, y0, x1, y0);
            segment(f, x1, y0, x1, y1);
            segment(f, x1, y1, x0, y1);
            segment(f, x0, y1, x0, y0);
        }
        vertexCount = f.position() / FLOATS;
        vertices.upload();
    }

    void draw(float[] clip) {
        if (vertexCount == 0) {
            return;
        }
        glUseProgram(program);
        glUniform4f(uClip, clip[0], clip[1], clip[2], clip[3]);
        glBindVertexArray(vao);
        glDrawArrays(GL_LINES, 0, vertexCount);
    }

    private static void segment(FloatBuffer f, float x0, float y0, float x1, float y1) {
        vertex(f, x0, y0, Palette.DRAG);
        vertex(f, x1, y1, Palette.DRAG);
    }

    private static void vertex(FloatBuffer f, float x, float y, int rgb) {
        f.put(x).put(y).put(Palette.r(rgb)).put(Palette.g(rgb)).put(Palette.b(rgb));
    }

    void free() {
        glDeleteVertexArrays(vao);
        vertices.free();
        glDeleteProgram(program);
    }
}
