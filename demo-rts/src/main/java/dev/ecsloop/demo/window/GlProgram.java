package dev.ecsloop.demo.window;

import static org.lwjgl.opengl.GL33C.*;

/**
 * Compiles and links a GLSL 3.30 core program, failing loudly with the driver's log: a shader that does not
 * compile is a bug, never something to draw around.
 */
final class GlProgram {

    /** The fragment shader of layers that colour per vertex: it writes the interpolated {@code v_color}. */
    static final String VERTEX_COLOR_FRAGMENT = """
            #version 330 core
            in vec3 v_color;
            out vec4 o_color;
            void main() {
                o_color = vec4(v_color, 1.0);
            }
            """;

    private GlProgram() {
    }

    /**
     * @return the linked program's name; the shaders are already detached and deleted
     * @throws IllegalStateException with the info log if compiling or linking fails
     */
    static int link(String what, String vertexSource, String fragmentSource) {
        int vs = compile(what + " vertex", GL_VERTEX_SHADER, vertexSource);
        int fs = compile(what + " fragment", GL_FRAGMENT_SHADER, fragmentSource);
        int program = glCreateProgram();
        glAttachShader(program, vs);
        glAttachShader(program, fs);
        glLinkProgram(program);
        glDetachShader(program, vs);
        glDetachShader(program, fs);
        glDeleteShader(vs);
        glDeleteShader(fs);
        if (glGetProgrami(program, GL_LINK_STATUS) != GL_TRUE) {
            String log = glGetProgramInfoLog(program);
            glDeleteProgram(program);
            throw new IllegalStateException(what + " program does not link: " + log);
        }
        return program;
    }

    private static int compile(String what, int type, String source) {
        int shader = glCreateShader(type);
        glShaderSource(shader, source);
        glCompileShader(shader);
        if (glGetShaderi(shader, GL_COMPILE_STATUS) != GL_TRUE) {
            String log = glGetShaderInfoLog(shader);
            glDeleteShader(shader);
            throw new IllegalStateException(what + " shader does not compile: " + log);
        }
        return shader;
    }
}
