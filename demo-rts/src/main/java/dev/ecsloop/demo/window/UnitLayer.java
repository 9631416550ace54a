package dev.ecsloop.demo.window;

import java.nio.FloatBuffer;

import static org.lwjgl.opengl.GL33C.*;

/**
 * All units with instanced rendering: three instanced draws whatever the unit count (outlines, arrow bodies,
 * health bars), nothing issued per unit. Per-instance data is {@value #FLOATS} floats a unit (x, y, angle, team,
 * health, selected), in two buffers written once per frame: every unit for outlines and bodies, and only the
 * <em>marked</em> ones (selected or wounded) for bars. The second list exists for software renderers: under Mesa
 * llvmpipe vertex shading runs on the CPU at draw time, and shading a bar for each of 10,000 units only to cull
 * them cost more than all the rest of the frame.
 *
 * <p>Legibility: a unit is an arrow pointing where it faces, drawn over a slightly larger outline, dark for a
 * plain unit and bright green for a selected one, so a selection shows without covering anyone and packed units
 * stay apart. Zoomed out, units never shrink below {@link #MIN_PIXELS} on screen, and then only bases keep their
 * health bars. Kinds differ in shape: soldiers are arrows, archers slim arrows, harvesters squares tinted with
 * their gold cargo colour, bases three-cell squares that never turn.
 *
 * <p>Bodies are tinted darker as health drops ({@code 55% + 45% * health} of the team colour), so a full-health
 * unit shows exactly its team colour.
 */
final class UnitLayer {

    static final int FLOATS = 6;
    /** The smallest on-screen length of a unit, in pixels, whatever the zoom. */
    static final float MIN_PIXELS = 7f;

    private static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 a_vertex;   // mesh vertex; z = 1 marks a bar's fill part
            layout(location = 1) in vec2 i_pos;
            layout(location = 2) in vec4 i_attr;     // angle, team + 2 * kind, health, selected
            uniform vec4 u_clip;
            uniform float u_scale;                   // world size multiplier keeping units MIN_PIXELS long
            uniform int u_part;                      // 0 body, 1 outline, 2 bar
            uniform vec3 u_team0;
            uniform vec3 u_team1;
            uniform vec3 u_ring;
            uniform vec3 u_outline;
            uniform vec3 u_barBack;
            uniform vec3 u_cargo;
            out vec3 v_color;
            const vec4 CULLED = vec4(2.0, 2.0, 2.0, 1.0);
            const vec2 QUAD[6] = vec2[6](vec2(-0.5, -0.5), vec2(0.5, -0.5), vec2(0.5, 0.5),
                                         vec2(-0.5, -0.5), vec2(0.5, 0.5), vec2(-0.5, 0.5));
            void main() {
                float health = i_attr.z;
                bool selected = i_attr.w > 0.5;
                float team = mod(i_attr.y, 2.0);
                int kind = int(i_attr.y / 2.0 + 0.25);
                vec3 teamColor = team < 0.5 ? u_team0 : u_team1;
                float size = kind == 3 ? 3.0 : 1.0;  // a base spans three cells and never shrinks
                float scale = kind == 3 ? 1.0 : u_scale;
                vec2 world;
                if (u_part < 2) {
                    float c = cos(i_attr.x);
                    float s = sin(i_attr.x);
                    vec2 shape;
                    if (kind >= 2) {
                        shape = QUAD[gl_VertexID % 6] * (kind == 3 ? 1.0 : 0.7);
                        if (kind == 3) { c = 1.0; s = 0.0; }
                    } else {
                        shape = a_vertex.xy - vec2(0.033, 0.0);
                        if (kind == 1) { shape *= vec2(1.1, 0.55); }
                    }
                    float grow = u_part == 1 ? (selected ? 1.6 : 1.4) : 1.0;
                    if (kind == 3 && u_part == 1) { grow = 1.15; }
                    world = i_pos + mat2(c, s, -s, c) * shape * grow * scale * size;
                    if (u_part == 0) {
                        vec3 body = kind == 2 ? mix(teamColor, u_cargo, 0.45) : teamColor;
                        v_color = body * (kind == 3 ? 0.75 + 0.25 * health : 0.55 + 0.45 * health);
                    } else {
                        v_color = selected ? u_ring : u_outline;
                    }
                } else {
                    bool tiny = u_scale > 1.0 && kind != 3;  // zoomed far out: bars for bases only
                    if ((!selected && health >= 1.0) || tiny) {
                        gl_Position = CULLED; v_color = vec3(0.0); return;
                    }
                    bool fill = a_vertex.z > 0.5;
                    float w = fill ? health : 1.0;
                    world = i_pos + vec2(-0.45 + a_vertex.x * 0.9 * w, -0.8 + a_vertex.y * 0.14) * scale * size;
                    v_color = fill ? mix(vec3(0.9, 0.15, 0.1), vec3(0.2, 0.9, 0.2), health) : u_barBack;
                }
                gl_Position = vec4(world * u_clip.xy + u_clip.zw, 0.0, 1.0);
            }
            """;

    private final int program;
    private final int uClip;
    private final int uPart;
    private final int uScale;
    private final StreamBuffer instances = new StreamBuffer(1024 * FLOATS);
    private final StreamBuffer marked = new StreamBuffer(256 * FLOATS);
    private int markedCount;
    private final int meshes;
    private final int bodyVao;
    private final int barVao;
    private final int bodyFirst;
    private final int bodyCount;
    private final int barFirst;
    private final int barCount;

    UnitLayer() {
        program = GlProgram.link("units", VERTEX, GlProgram.VERTEX_COLOR_FRAGMENT);
        uClip = glGetUniformLocation(program, "u_clip");
        uPart = glGetUniformLocation(program, "u_part");
        uScale = glGetUniformLocation(program, "u_scale");
        glUseProgram(program);
        color("u_team0", Palette.TEAM0);
        color("u_team1", Palette.TEAM1);
        color("u_ring", Palette.RING);
        color("u_outline", Palette.OUTLINE);
        color("u_cargo", Palette.RESOURCE);
        color("u_barBack", Palette.BAR_BACK);

        // One static buffer holds both meshes back to back: x, y, flag.
        float[] body = {
            0.5f, 0f, 0, -0.4f, -0.35f, 0, -0.2f, 0f, 0,
            0.5f, 0f, 0, -0.2f, 0f, 0, -0.4f, 0.35f, 0,
        };
        float[] bar = {
            0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, // background quad
            0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, // fill quad, drawn over it
        };
        float[] all = new float[body.length + bar.length];
        System.arraycopy(body, 0, all, 0, body.length);
        System.arraycopy(bar, 0, all, body.length, bar.length);
        bodyFirst = 0;
        bodyCount = body.length / 3;
        barFirst = bodyCount;
        barCount = bar.length / 3;
        meshes = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, meshes);
        glBufferData(GL_ARRAY_BUFFER, all, GL_STATIC_DRAW);

        bodyVao = vao(instances);
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
        f.put(s.x[i]).put(s.y[i]).put(s.angle[i]).put(s.team[i] + 2 * s.kind[i]).put(s.health[i])
                .put(s.selected[i] ? 1f : 0f);
    }

    /**
     * Three draw calls for all units: outlines, bodies over them, then health bars on top.
     *
     * @param zoom pixels per world unit, for the minimum on-screen size
     */
    void draw(int units, float[] clip, float zoom) {
        if (units == 0) {
            return;
        }
        float scale = Math.max(1f, MIN_PIXELS / zoom);
        glUseProgram(program);
        glUniform4f(uClip, clip[0], clip[1], clip[2], clip[3]);
        glUniform1f(uScale, scale);
        glBindVertexArray(bodyVao);
        glUniform1i(uPart, 1);
        glDrawArraysInstanced(GL_TRIANGLES, bodyFirst, bodyCount, units);
        glUniform1i(uPart, 0);
        glDrawArraysInstanced(GL_TRIANGLES, bodyFirst, bodyCount, units);
        if (markedCount == 0) {
            return;
        }
        glUniform1i(uPart, 2);
        glBindVertexArray(barVao);
        glDrawArraysInstanced(GL_TRIANGLES, barFirst, barCount, markedCount);
    }

    void free() {
        glDeleteVertexArrays(barVao);
        glDeleteVertexArrays(bodyVao);
        glDeleteBuffers(meshes);
        marked.free();
        instances.free();
        glDeleteProgram(program);
    }
}
