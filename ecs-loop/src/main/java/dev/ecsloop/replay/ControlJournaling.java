package dev.ecsloop.replay;

import com.artemis.BaseSystem;
import dev.ecsloop.ControlListener;
import dev.ecsloop.DebtPolicy;

/**
 * A {@link Recorder}'s control listener: encodes every control change as its record and hands it to the recorder's
 * pending buffer. An object of its own so that the loop's callbacks are not part of the recorder's API.
 */
final class ControlJournaling implements ControlListener {

    private final Recorder recorder;

    ControlJournaling(Recorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
        recorder.encoder.systemValue(ReplayFormat.RATE, system, hz, simNanos);
        recorder.finish(simNanos);
    }

    @Override
    public void everyFrameSet(Class<? extends BaseSystem> system, long simNanos) {
        recorder.encoder.systemValue(ReplayFormat.RATE, system, ReplayFormat.EVERY_FRAME_RATE, simNanos);
        recorder.finish(simNanos);
    }

    @Override
    public void phaseChanged(Class<? extends BaseSystem> system, double phase, long simNanos) {
        recorder.encoder.systemValue(ReplayFormat.PHASE, system, phase, simNanos);
        recorder.finish(simNanos);
    }

    @Override
    public void timeScaleChanged(double scale, long simNanos) {
        recorder.encoder.withLong(ReplayFormat.SCALE, simNanos, Double.doubleToRawLongBits(scale));
        recorder.finish(simNanos);
    }

    @Override
    public void catchUpBoundChanged(long boundNanos, long simNanos) {
        recorder.encoder.withLong(ReplayFormat.CATCHUP, simNanos, boundNanos);
        recorder.finish(simNanos);
    }

    @Override
    public void debtPolicyChanged(DebtPolicy policy, long simNanos) {
        recorder.encoder.withByte(ReplayFormat.DEBT, simNanos, policy == DebtPolicy.KEEP ? 0 : 1);
        recorder.finish(simNanos);
    }

    @Override
    public void pausedChanged(boolean paused, long simNanos) {
        recorder.encoder.withByte(ReplayFormat.PAUSE, simNanos, paused ? 1 : 0);
        recorder.finish(simNanos);
    }

    @Override
    public void stepped(long simNanos) {
        recorder.stepped(simNanos);
    }
}
