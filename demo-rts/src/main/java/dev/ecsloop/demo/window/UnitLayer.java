package dev.ecsloop.demo.window;

import java.nio.FloatBuffer;

import static org.lwjgl.opengl.GL33C.*;

/**
 * All units with instanced rendering: three instanced draws whatever the unit count (arrow bodies, selection rings,
 * health bars), nothing issued per unit. Per-instance data is {@value #FLOATS} floats a unit (x, y, angle, team,
 * health, selected), in two buffers written once per frame: every unit for the bodies, and only the <em>marked</em>
 * ones (selected or wounded) for rings and bars. The second list exists for software renderers: under Mesa
 * llvmpipe vertex shading runs on the CPU at draw time, and shading a 50-vertex ring and a 12-vertex bar for each
 * of 10,000 units only to cull them cost more than all the rest of the frame. Within the marked list the vertex
 * shader still culls what does not apply (no ring for a wounded unselected unit) by moving it out of clip space.
 *
 * <p>Bodies are tinted darker as health drops ({@code 55% + 45% * health} of the team colour), so a full-health
 * unit shows exactly its team colour.
 */
final class UnitLayer {

    static final int FLOATS = 6;
    private static final int RING_SEGMENTS = 24;

    private static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 a_vertex;   // mesh vertex; z = 1 marks a bar's fill part
            layout(location = 1) in vec2 i_pos;
            layout(location = 2) in vec4 i_attr;     // angle, team, health, selected
            uniform vec4 u_clip;
            uniform int u_part;                      // 0 body, 1 ring, 2 bar
            uniform vec3 u_team0;
            uniform vec3 u_team1;
            uniform vec3 u_ring;
            uniform vec3 u_barBack;
            out vec3 v_color;
            const vec4 CULLED = vec4(2.0, 2.0, 2.0, 1.0);
            void main() {
                float health = i_attr.z;
                bool selected = i_attr.w > 0.5;
                vec2 world;
                if (u_part == 0) {
                    float c = cos(i_attr.x);
                    float s = sin(i_attr.x);
                    world = i_pos + mat2(c, s, -s, c) * a_vertex.xy;
                    v_color = (i_attr.y < 0.5 ? u_team0 : u_team1) * (0.55 + 0.45 * health);
                } else if (u_part == 1) {
                    if (!selected) { gl_Position = CULLED; v_color = vec3(0.0); return; }
                    world = i_pos + a_vertex.xy;
                    v_color = u_ring;
                } else {
                    if (!selected && health >= 1.0) { gl_Position = CULLED; v_color = vec3(0.0); return; }
                    bool fill = a_vertex.z > 0.5;
                    float w = fill ? health : 1.0;
                    world = i_pos + vec2(-0.45 + a_vertex.x * 0.9 * w, -0.8 + a_vertex.y * 0.14);
                    v_color = fill ? mix(vec3(0.9, 0.15, 0.1), vec3(0.2, 0.9, 0.2), health) : u_barBack;
                }
                gl_Position = vec4(world * u_clip.xy + u_clip.zw, 0.0, 1.0);
            }
            """;

    private final int program;
    private final int uClip;
    private final int uPart;
    private final StreamBuffer instances = new StreamBuffer(1024 * FLOATS);
    private final StreamBuffer marked = new StreamBuffer(256 * FLOATS);
    private int markedCount;
    private final int meshes;
    private final int bodyVao;
    private final int ringVao;
    private final int barVao;
    private final int bodyFirst;
    private final int bodyCount;
    private final int ringFirst;
    private final int ringCount;
    private final int barFirst;
    private final int barCount;

    UnitLayer() {
        program = GlProgram.link("units", VERTEX, GlProgram.VERTEX_COLOR_FRAGMENT);
        uClip = glGetUniformLocation(program, "u_clip");
        uPart = glGetUniformLocation(program, "u_part");
        glUseProgram(program);
        color("u_team0", Palette.TEAM0);
        color("u_team1", Palette.TEAM1);
        color("u_ring", Palette.RING);
        color("u_barBack", Palette.BAR_BACK);

        // One static buffer holds the three meshes back to back: x, y, flag.
        float[] body = {
            0.5f, 0f, 0, -0.4f, -0.35f, 0, -0.2f, 0f, 0,
            0.5f, 0f, 0, -0.2f, 0f, 0, -0.4f, 0.35f, 0,
        };
        float[] ring = new float[(RING_SEGMENTS + 1) * 2 * 3];
        for (int i = 0; i <= RING_SEGMENTS; i++) {
            double a = 2 * Math.PI * i / RING_SEGMENTS;
            float c = (float) Math.cos(a);
            float s = (float) Math.sin(a);
            int o = i * 6;
            ring[o] = 0.62f * c;
            ring[o + 1] = 0.62f * s;
            ring[o + 3] = 0.74f * c;
            ring[o + 4] = 0.74f * s;
        }
        float[] bar = {
            0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, // background quad
            0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, // fill quad, drawn over it
        };
        float[] all = new float[body.length + ring.length + bar.length];
        System.arraycopy(body, 0, all, 0, body.length);
        System.arraycopy(ring, 0, all, body.length, ring.length);
        System.arraycopy(bar, 0, all, body.length + ring.length, bar.length);
        bodyFirst = 0;
        bodyCount = body.length / 3;
        ringFirst = bodyCount;
        ringCount = ring.length / 3;
        barFirst = ringFirst + ringCount;
        barCount = bar.length / 3;
        meshes = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, meshes);
        glBufferData(GL_ARRAY_BUFFER, all, GL_STATIC_DRAW);

        bodyVao = vao(instances);
        ringVao = vao(marked);
        barVao = vao(marked);
    }

    private void color(String uniform, int rgb) {
        glUniform3f(glGetUniformLocation(program, uniform), Palette.r(rgb), Palette.g(rgb), Palette.b(rgb));
    }

    /** A vertex array reading the mesh buffer per vertex and the instance buffer per instance. */
    private int vao(StreamBuffer perInstance) {
        int vao = glGenVertexArrays();
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, meshes);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, 3 * Float.BYTES, 0);
        glBindBuffer(GL_ARRAY_BUFFER, perInstance.name());
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 2, GL_FLOAT, false, FLOATS * Float.BYTES, 0);
        glVertexAttribDivisor(1, 1);
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(2, 4, GL_FLOAT, false, FLOATS * Float.BYTES, 2L * Float.BYTES);
        glVertexAttribDivisor(2, 1);
        glBindVertexArray(0);
        return vao;
    }

    /** Packs the snapshot's units into the instance buffers and uploads them; allocates nothing at steady size. */
    void upload(RenderSnapshot s) {
        int n = s.unitCount;
        FloatBuffer all = instances.begin(n * FLOATS);
        int m = 0;
        for (int i = 0; i < n; i++) {
            put(all, s, i);
            if (s.selected[i] || s.health[i] < 1f) {
                m++;
            }
        }
        instances.upload();
        FloatBuffer some = marked.begin(m * FLOATS);
        for (int i = 0; i < n && m > 0; i++) {
            if (s.selected[i] || s.health[i] < 1f) {
                put(some, s, i);
            }
        }
        marked.upload();
        markedCount = m;
    }

    private static void put(FloatBuffer f, RenderSnapshot s, int i) {
        f.put(s.x[i]).put(s.y[i]).put(s.angle[i]).put(s.team[i]).put(s.health[i]).put(s.selected[i] ? 1f : 0f);
    }

    /** Three draw calls for all units: bodies, then rings, then health bars on top. */
    void draw(int units, float[] clip) {
        if (units == 0) {
            return;
        }
        glUseProgram(program);
        glUniform4f(uClip, clip[0], clip[1], clip[2], clip[3]);
        glUniform1i(uPart, 0);
        glBindVertexArray(bodyVao);
        glDrawArraysInstanced(GL_TRIANGLES, bodyFirst, bodyCount, units);
        if (markedCount == 0) {
            return;
        }
        glUniform1i(uPart, 1);
        glBindVertexArray(ringVao);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, ringFirst, ringCount, markedCount);
        glUniform1i(uPart, 2);
        glBindVertexArray(barVao);
        glDrawArraysInstanced(GL_TRIANGLES, barFirst, barCount, markedCount);
    }

    void free() {
        glDeleteVertexArrays(barVao);
        glDeleteVertexArrays(ringVao);
        glDeleteVertexArrays(bodyVao);
        glDeleteBuffers(meshes);
        marked.free();
        instances.free();
        glDeleteProgram(program);
    }
}
