package dev.ecsloop.demo.window;

import org.lwjgl.system.MemoryUtil;

import java.nio.ByteBuffer;

import static org.lwjgl.opengl.GL33C.*;

/**
 * The map as one textured quad: one texel per cell (ground or blocked), nearest filtering so cells keep hard
 * edges at any zoom. The texture is uploaded only when the snapshot's map changes (its version moves), so a
 * frame costs one draw call whatever the map size.
 */
final class MapLayer {

    private static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec2 a_corner;
            uniform vec4 u_clip;
            uniform vec2 u_size;
            out vec2 v_uv;
            void main() {
                v_uv = a_corner;
                vec2 world = a_corner * u_size;
                gl_Position = vec4(world * u_clip.xy + u_clip.zw, 0.0, 1.0);
            }
            """;
    private static final String FRAGMENT = """
            #version 330 core
            in vec2 v_uv;
            uniform sampler2D u_map;
            out vec4 o_color;
            void main() {
                o_color = texture(u_map, v_uv);
            }
            """;

    private final int program;
    private final int uClip;
    private final int uSize;
    private final int vao;
    private final int quad;
    private final int texture;
    private int uploadedVersion;
    private int width;
    private int height;

    MapLayer() {
        program = GlProgram.link("map", VERTEX, FRAGMENT);
        uClip = glGetUniformLocation(program, "u_clip");
        uSize = glGetUniformLocation(program, "u_size");
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, "u_map"), 0);
        vao = glGenVertexArrays();
        glBindVertexArray(vao);
        quad = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, quad);
        glBufferData(GL_ARRAY_BUFFER, new float[] {0, 0, 1, 0, 0, 1, 1, 1}, GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, false, 0, 0);
        glBindVertexArray(0);
        texture = glGenTextures();
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }

    void draw(RenderSnapshot s, float[] clip) {
        if (s.mapWidth == 0) {
            return;
        }
        if (s.mapVersion != uploadedVersion) {
            upload(s);
        }
        glUseProgram(program);
        glUniform4f(uClip, clip[0], clip[1], clip[2], clip[3]);
        glUniform2f(uSize, width, height);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, texture);
        glBindVertexArray(vao);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    }

    /** Row 0 of the map is uploaded first, so texture v = 0 is world y = 0, matching the quad's corners. */
    private void upload(RenderSnapshot s) {
        width = s.mapWidth;
        height = s.mapHeight;
        ByteBuffer texels = MemoryUtil.memAlloc(width * height * 4);
        try {
            for (int i = 0; i < width * height; i++) {
                int rgb = s.blocked[i] ? Palette.BLOCKED : Palette.GROUND;
                texels.put((byte) (rgb >> 16)).put((byte) (rgb >> 8)).put((byte) rgb).put((byte) 0xFF);
            }
            texels.flip();
            glBindTexture(GL_TEXTURE_2D, texture);
            glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
        } finally {
            MemoryUtil.memFree(texels);
        }
        uploadedVersion = s.mapVersion;
    }

    void free() {
        glDeleteTextures(texture);
        glDeleteBuffers(quad);
        glDeleteVertexArrays(vao);
        glDeleteProgram(program);
    }
}
