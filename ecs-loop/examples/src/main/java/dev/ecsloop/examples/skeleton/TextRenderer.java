package dev.ecsloop.examples.skeleton;

import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.Transform2;
import org.joml.Vector2f;

import java.util.Arrays;

/**
 * Draws every unit into the canvas once per frame, at its interpolated position: between its last two 10 Hz
 * moves, by MoveSystem's alpha, so it glides at any frame rate. Takes the interpolation in its constructor: the
 * interpolation is made before the loop and attached after it is built.
 */
@EveryFrame
@All(Transform2.class)
public final class TextRenderer extends IteratingSystem {

    private final Interpolation interpolation;
    private final TextCanvas canvas;
    private final Vector2f at = new Vector2f();
    private float[] drawnX = new float[16];

    TextRenderer(Interpolation interpolation, TextCanvas canvas) {
        this.interpolation = interpolation;
        this.canvas = canvas;
    }

    @Override
    protected void begin() {
        canvas.clear();
    }

    @Override
    protected void process(int entity) {
        interpolation.positionOf(entity, at);
        canvas.put(at.x, at.y, (char) ('A' + entity % 26));
        if (entity >= drawnX.length) {
            drawnX = Arrays.copyOf(drawnX, Math.max(entity + 1, drawnX.length * 2));
        }
        drawnX[entity] = at.x;
    }

    /** Where the last frame drew an entity, along x; for tests. */
    float drawnX(int entity) {
        return drawnX[entity];
    }
}
