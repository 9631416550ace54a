package dev.ecsloop.lockstep;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.input.InputEvent;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.input.InputView;

import java.util.ArrayList;
import java.util.List;

/** Applies move orders (type 1, code = team) in its ticks, and notes when each order arrived. */
@TickRate(30)
public final class CommandSystem extends IteratingSystem {

    /** An order as a tick saw it. */
    public record Seen(int team, float x, float y, long eventSimNanos, long tickNanos) {
    }

    final List<Seen> seen = new ArrayList<>();
    InputQueue inputs;
    GameLoop loop;
    private ComponentMapper<Body> bodies;
    private InputView events;

    public CommandSystem() {
        super(Aspect.all(Body.class));
    }

    @Override
    protected void begin() {
        events = inputs.tickEvents();
        for (int i = 0; i < events.size(); i++) {
            InputEvent e = events.get(i);
            seen.add(new Seen(e.code(), e.x(), e.y(), e.simNanos(), loop.tickNanos()));
        }
    }

    @Override
    protected void process(int entity) {
        Body b = bodies.get(entity);
        for (int i = 0; i < events.size(); i++) {
            InputEvent e = events.get(i);
            if (e.type() == 1 && e.code() == b.team) {
                float dx = e.x() - b.x;
                float dy = e.y() - b.y;
                float d = (float) Math.sqrt(dx * dx + dy * dy) + 1e-3f;
                b.vx = dx / d * 5f;
                b.vy = dy / d * 5f;
            }
        }
    }
}
