package dev.ecsloop.demo.window;

import org.lwjgl.system.MemoryUtil;

import java.nio.ByteBuffer;

import static org.lwjgl.opengl.GL33C.*;

/**
 * The map as one textured quad: one texel per cell (ground, blocked or resource), nearest filtering so cells keep
 * hard edges at any zoom. The texture is uploaded only when the snapshot's map changes (its version moves), so a
 * frame costs one draw call whatever the map size.
 *
 * <p>Fog of war is a second, one-byte-per-cell texture of brightness (unexplored dark, explored dimmed, in sight
 * full) with linear filtering, so the edge of sight is a soft gradient rather than a staircase; uploaded when the
 * snapshot's fog version moves.
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
            uniform sampler2D u_fog;
            uniform int u_hasFog;
            out vec4 o_color;
            void main() {
                vec4 c = texture(u_map, v_uv);
                float light = u_hasFog == 1 ? texture(u_fog, v_uv).r : 1.0;
                o_color = vec4(c.rgb * light, 1.0);
            }
            """;

    private final int program;
    private final int uClip;
    private final int uSize;
    private final int vao;
    private final int quad;
    private final int texture;
    private final int fogTexture;
    private final int uHasFog;
    private ByteBuffer fogTexels;
    private int uploadedVersion;
    private int uploadedFog = -1;
    private int width;
    private int height;

    MapLayer() {
        program = GlProgram.link("map", VERTEX, FRAGMENT);
        uClip = glGetUniformLocation(program, "u_clip");
        uSize = glGetUniformLocation(program, "u_size");
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, "u_map"), 0);
        glUniform1i(glGetUniformLocation(program, "u_fog"), 1);
        uHasFog = glGetUniformLocation(program, "u_hasFog");
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
        fogTexture = glGenTextures();
        glBindTexture(GL_TEXTURE_2D, fogTexture);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }

    /** Brightness of a fog value: unexplored, explored, visible. */
    private static byte light(byte fog) {
        return (byte) (fog == RenderSnapshot.VISIBLE ? 255 : fog == RenderSnapshot.EXPLORED ? 140 : 60);
    }

    private void uploadFog(RenderSnapshot s) {
        int n = s.mapWidth * s.mapHeight;
        if (fogTexels == null || fogTexels.capacity() < n) {
            if (fogTexels != null) {
                MemoryUtil.memFree(fogTexels);
            }
            fogTexels = MemoryUtil.memAlloc(n);
        }
        fogTexels.clear();
        for (int i = 0; i < n; i++) {
            fogTexels.put(light(s.fog[i]));
        }
        fogTexels.flip();
        glBindTexture(GL_TEXTURE_2D, fogTexture);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, s.mapWidth, s.mapHeight, 0, GL_RED, GL_UNSIGNED_BYTE, fogTexels);
        uploadedFog = s.fogVersion;
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
        boolean fog = s.hasFog();
        if (fog && s.fogVersion != uploadedFog) {
            uploadFog(s);
        }
        glUniform1i(uHasFog, fog ? 1 : 0);
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_2D, fogTexture);
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
                int rgb = s.blocked[i] ? Palette.BLOCKED : s.resource[i] ? Palette.RESOURCE : Palette.GROUND;
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

    /** The map texture's GL name, for the overlay's minimap. */
    int texture() {
        return texture;
    }

    void free() {
        if (fogTexels != null) {
            MemoryUtil.memFree(fogTexels);
            fogTexels = null;
        }
        glDeleteTextures(fogTexture);
        glDeleteTextures(texture);
        glDeleteBuffers(quad);
        glDeleteVertexArrays(vao);
        glDeleteProgram(program);
    }
}
