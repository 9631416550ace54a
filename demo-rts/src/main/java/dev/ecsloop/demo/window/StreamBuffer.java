package dev.ecsloop.demo.window;

import org.lwjgl.system.MemoryUtil;

import java.nio.FloatBuffer;

import static org.lwjgl.opengl.GL33C.*;

/**
 * A vertex buffer rewritten every frame from one off-heap {@link FloatBuffer}: the CPU fills {@link #data()}, then
 * {@link #upload()} orphans the GL store (so the driver never stalls on a buffer the GPU still reads) and copies
 * the filled part with {@code glBufferSubData}.
 *
 * <p>No allocation per frame: the staging memory (from {@link MemoryUtil}, outside the Java heap) and the GL store
 * grow only when a frame needs more than any before, to the next power of two. {@link #free()} releases both; the
 * object is unusable afterwards.
 */
final class StreamBuffer {

    private final int buffer;
    private FloatBuffer data;
    private int storeFloats;

    StreamBuffer(int initialFloats) {
        buffer = glGenBuffers();
        data = MemoryUtil.memAllocFloat(Math.max(16, initialFloats));
    }

    int name() {
        return buffer;
    }

    /** Makes room for {@code floats}, clears the staging buffer and returns it, ready for {@code put}. */
    FloatBuffer begin(int floats) {
        if (floats > data.capacity()) {
            data = MemoryUtil.memRealloc(data, Integer.highestOneBit(floats - 1) << 1);
        }
        data.clear();
        return data;
    }

    FloatBuffer data() {
        return data;
    }

    /** Uploads what was put since {@link #begin}; leaves the buffer bound to {@code GL_ARRAY_BUFFER}. */
    void upload() {
        data.flip();
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        if (data.capacity() > storeFloats) {
            storeFloats = data.capacity();
        }
        glBufferData(GL_ARRAY_BUFFER, (long) storeFloats * Float.BYTES, GL_STREAM_DRAW); // orphan
        if (data.limit() > 0) {
            glBufferSubData(GL_ARRAY_BUFFER, 0, data);
        }
    }

    void free() {
        glDeleteBuffers(buffer);
        MemoryUtil.memFree(data);
        data = null;
    }
}
