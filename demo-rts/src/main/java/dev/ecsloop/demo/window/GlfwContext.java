package dev.ecsloop.demo.window;

import dev.ecsloop.time.Clock;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;

import static org.lwjgl.glfw.Callbacks.glfwFreeCallbacks;
import static org.lwjgl.glfw.GLFW.*;

/**
 * GLFW and one window with its current OpenGL 3.3 core context: started on X11 (sized to the screen when asked)
 * or on GLFW's Null platform with an EGL context, and torn down in reverse. {@link GameWindow} draws and handles
 * input in it; this class only brings it up and takes it down. On any failure to start, nothing is left
 * allocated and the error names GLFW's own reason.
 */
final class GlfwContext {
    /** How long opening on X11 retries a display that refuses the connection. */
    static final long X11_RETRY_MILLIS = 2_000;

    private final GLFWErrorCallback errorCallback;
    private volatile String lastError = "";
    /** The GLFW window handle. */
    final long window;

    /**
     * @throws IllegalStateException if GLFW cannot start or the window or its context cannot be created
     */
    GlfwContext(WindowOptions options, Clock real) {
        this.errorCallback = GLFWErrorCallback.create((error, description) ->
                lastError = "GLFW error 0x" + Integer.toHexString(error) + ": "
                        + GLFWErrorCallback.getDescription(description));
        errorCallback.set();
        if (!initGlfw(options.offscreen(), real)) {
            glfwSetErrorCallback(null);
            errorCallback.free();
            throw new IllegalStateException("cannot start GLFW on " + (options.offscreen() ? "the Null platform"
                    : "X11 (DISPLAY=" + System.getenv("DISPLAY") + ")") + ": " + lastError);
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
        if (options.offscreen()) {
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
        }
        int[] size = {options.width(), options.height()};
        if (options.fitScreen() && !options.offscreen()) {
            fitScreen(size);
        }
        window = glfwCreateWindow(size[0], size[1], options.title(), 0L, 0L);
        if (window == 0L) {
            String why = lastError;
            glfwTerminate();
            glfwSetErrorCallback(null);
            errorCallback.free();
            throw new IllegalStateException("cannot create a " + size[0] + "x" + size[1]
                    + " OpenGL 3.3 core window: " + why);
        }
        try {
            glfwMakeContextCurrent(window);
            GL.createCapabilities();
            glfwSwapInterval(options.vsync() ? 1 : 0);
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /** The primary monitor's work area, if GLFW knows it, and a maximised window: the game takes the screen. */
    private static void fitScreen(int[] size) {
        long monitor = glfwGetPrimaryMonitor();
        if (monitor == 0L) {
            return;
        }
        int[] x = new int[1];
        int[] y = new int[1];
        int[] w = new int[1];
        int[] h = new int[1];
        glfwGetMonitorWorkarea(monitor, x, y, w, h);
        if (w[0] >= 64 && h[0] >= 64) {
            size[0] = Math.min(16384, w[0]);
            size[1] = Math.min(16384, h[0]);
            glfwWindowHint(GLFW_MAXIMIZED, GLFW_TRUE);
        }
    }

    /**
     * Starts GLFW on the Null platform or on X11. Reconnecting to an X server right after a previous connection
     * closed fails now and then with "X11: Failed to open display" while the server is still alive: measured under
     * Xvfb 21.1.7 with bare GLFW, about one reopen in four after a few hundred frames, and always cured by one
     * retry 50 ms later. So X11 retries for up to {@link #X11_RETRY_MILLIS}; a display that is really absent
     * still fails, only later.
     */
    private static boolean initGlfw(boolean offscreen, Clock real) {
        long deadline = real.nanoTime() + X11_RETRY_MILLIS * 1_000_000L;
        while (true) {
            glfwInitHint(GLFW_PLATFORM, offscreen ? GLFW_PLATFORM_NULL : GLFW_PLATFORM_X11);
            if (glfwInit()) {
                return true;
            }
            String display = System.getenv("DISPLAY");
            if (offscreen || display == null || display.isBlank() || real.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** Frees the window's callbacks, the context and the window, then GLFW. */
    void close() {
        glfwFreeCallbacks(window);
        GL.setCapabilities(null);
        glfwMakeContextCurrent(0L);
        glfwDestroyWindow(window);
        glfwTerminate();
        glfwSetErrorCallback(null);
        errorCallback.free();
    }
}
