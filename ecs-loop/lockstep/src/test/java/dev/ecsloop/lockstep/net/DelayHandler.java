package dev.ecsloop.lockstep.net;

import dev.ecsloop.time.Clock;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;

import java.util.ArrayDeque;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Holds every outbound write for a latency plus a seeded random jitter, in order (as TCP would deliver it): a slow
 * and uneven network between two peers on one machine. The writes wait in one queue drained by one timer, so two
 * writes due at nearly the same time can never swap.
 */
public final class DelayHandler extends ChannelOutboundHandlerAdapter {

    private record Held(long due, Object msg, ChannelPromise promise) {
    }

    private final long latencyNanos;
    private final long jitterNanos;
    private final Random random;
    private final Clock clock = Clock.system();
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private long lastDue;

    /**
     * @param latencyNanos the least delay
     * @param jitterNanos  up to this much more, uniformly
     * @param seed         the jitter's seed
     */
    public DelayHandler(long latencyNanos, long jitterNanos, long seed) {
        this.latencyNanos = latencyNanos;
        this.jitterNanos = jitterNanos;
        this.random = new Random(seed);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        long now = clock.nanoTime();
        long due = Math.max(lastDue, now + latencyNanos + (long) (random.nextDouble() * jitterNanos));
        lastDue = due;
        held.addLast(new Held(due, msg, promise));
        if (held.size() == 1) {
            ctx.executor().schedule(() -> drain(ctx), due - now, TimeUnit.NANOSECONDS);
        }
    }

    private void drain(ChannelHandlerContext ctx) {
        long now = clock.nanoTime();
        while (!held.isEmpty() && held.peekFirst().due() <= now) {
            Held h = held.pollFirst();
            ctx.write(h.msg(), h.promise());
        }
        ctx.flush();
        if (!held.isEmpty()) {
            ctx.executor().schedule(() -> drain(ctx), held.peekFirst().due() - now, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        // Delayed writes are flushed when they fall due.
    }
}
