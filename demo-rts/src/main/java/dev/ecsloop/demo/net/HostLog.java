package dev.ecsloop.demo.net;

import dev.ecsloop.console.Echo;
import dev.ecsloop.time.Clock;

import java.util.function.Consumer;

/**
 * What the host's terminal shows of its lobby: the connections it refused and the ones it evicted, so that whoever
 * hosts sees a stranger knocking (the session already reports joins, leaves and drops). Those lines carry what
 * strangers sent (a name, an address), so they are escaped; and a flood of strangers is a flood of lines, so at most
 * {@link #PER_SECOND} are shown in a second of real time and the rest are counted, in one line, with the next line
 * shown. Runs on the host's thread (see {@code LockstepHost.onTurnedAway}); not thread-safe otherwise.
 */
final class HostLog implements Consumer<String> {

    /** Most lobby lines shown in one second. */
    static final int PER_SECOND = 5;
    /** Most characters of one line shown. */
    static final int MAX_LINE = 200;

    private final Consumer<String> out;
    private final Clock clock;
    private long second = Long.MIN_VALUE;
    private int shown;
    private long hidden;

    /**
     * @param out   where the shown lines go
     * @param clock real time, for the bound per second
     */
    HostLog(Consumer<String> out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    @Override
    public void accept(String line) {
        long now = Math.floorDiv(clock.nanoTime(), 1_000_000_000L);
        if (now != second) {
            second = now;
            shown = 0;
        }
        if (shown == PER_SECOND) {
            hidden++;
            return;
        }
        shown++;
        if (hidden > 0) {
            out.accept("host: " + hidden + " more refused or evicted connection(s) not shown");
            hidden = 0;
        }
        out.accept("host: " + Echo.printable(line, MAX_LINE));
    }
}
