package dev.ecsloop.demo.window;

import static org.lwjgl.opengl.GL33C.*;

/**
 * The game's own minimap picture as a GL texture for the overlay: uploaded only when the snapshot's picture
 * version moves (the game repaints it a few times a second), shown with nearest filtering so its pixels stay
 * crisp. The picture may be larger than the map needs (each pixel covers a block of cells); {@link #u} and
 * {@link #v} give the part the map covers.
 */
final class MinimapPicture {

    private int texture;
    private long uploaded = Long.MIN_VALUE;

    void update(RenderSnapshot s) {
        if (texture == 0) {
            texture = glGenTextures();
            glBindTexture(GL_TEXTURE_2D, texture);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        }
        if (s.minimapVersion == uploaded) {
            return;
        }
        glBindTexture(GL_TEXTURE_2D, texture);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        // 0xAARRGGBB ints: BGRA with the reversed packed type reads them in place on any byte order.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, s.minimapSide, s.minimapSide, 0, GL_BGRA,
                GL_UNSIGNED_INT_8_8_8_8_REV, s.minimapPixels);
        uploaded = s.minimapVersion;
    }

    int texture() {
        return texture;
    }

    /** The picture's share, across, that the map covers: a pixel spans a whole number of cells. */
    float u(RenderSnapshot s) {
        return Math.min(1f, s.mapWidth / (float) (cellsPerPixel(s) * s.minimapSide));
    }

    float v(RenderSnapshot s) {
        return Math.min(1f, s.mapHeight / (float) (cellsPerPixel(s) * s.minimapSide));
    }

    private static int cellsPerPixel(RenderSnapshot s) {
        int side = s.minimapSide;
        return Math.max(1, (Math.max(s.mapWidth, s.mapHeight) + side - 1) / side);
    }

    void free() {
        if (texture != 0) {
            glDeleteTextures(texture);
            texture = 0;
        }
    }
}
