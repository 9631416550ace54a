package dev.ecsloop.demo.window;

import org.lwjgl.system.MemoryUtil;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.lwjgl.opengl.GL33C.*;

/**
 * Reads the back buffer (what the next swap will show) with {@code glReadPixels} and writes it as PNG. GL rows run
 * bottom-up, image rows top-down, hence the flip. Rare (on request), so it may allocate.
 */
final class FramebufferCapture {

    private FramebufferCapture() {
    }

    static BufferedImage read(int width, int height) {
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 4);
        try {
            glReadBuffer(GL_BACK);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < height; y++) {
                int row = (height - 1 - y) * width * 4;
                for (int x = 0; x < width; x++) {
                    int i = row + x * 4;
                    int rgb = (pixels.get(i) & 0xFF) << 16 | (pixels.get(i + 1) & 0xFF) << 8 | (pixels.get(i + 2) & 0xFF);
                    image.setRGB(x, y, rgb);
                }
            }
            return image;
        } finally {
            MemoryUtil.memFree(pixels);
        }
    }

    static void writePng(Path file, int width, int height) {
        BufferedImage image = read(width, height);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (!ImageIO.write(image, "png", file.toFile())) {
                throw new IOException("no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write screenshot " + file, e);
        }
    }
}
