package dev.ecsloop.replay;

/**
 * The replay file format, version 4, with its limits and the rules that writer and reader share. All numbers are
 * big-endian ({@link java.io.DataOutputStream}); strings are modified UTF-8 with a 2-byte length
 * ({@code writeUTF}).
 *
 * <pre>
 * header   8 bytes  magic "ECSLREPL"
 *          int      format version (4; version 3 files, which have no start section, version 2 files, which have
 *                   no EDIT records either, and version 1 files, which have no PHASE records either, are read too)
 *          UTF      setup identity: what the game needs to rebuild the same world (name, seed, sizes)
 *          long     hash interval, simulated ns
 *          int      n systems, then n x (UTF simple class name, double rate in Hz or EVERY_FRAME_RATE):
 *                   the loop's systems and rates when recording started
 * start    long     simulated ns where the recording starts (versions 4 on; 0 before)
 *          int      start snapshot length n, then n bytes: the loop's exact snapshot ({@code dev.ecsloop.snapshot})
 *                   at the start, which a replay restores first; n = 0 means the setup's fresh world, only at 0
 * records  byte kind, long simulated ns, then by kind:
 *          INPUT   int type, int code, float x, y, z, w      an input event, at the time it was assigned
 *          RATE    UTF system, double hz or EVERY_FRAME_RATE  a rate change, at the instant it applied
 *          PHASE   UTF system, double phase in [0, 1)        a phase change, at the instant it applied
 *          EDIT    int entity, UTF component class, UTF field, UTF value
 *                                                            a {@link ComponentEdit} made between frames
 *          SCALE   double                                    time scale (no effect on the simulation)
 *          CATCHUP long ns                                    catch-up bound (no effect on the simulation)
 *          DEBT    byte 0 keep / 1 discard                    debt policy (no effect on the simulation)
 *          PAUSE   byte 1 paused / 0 resumed                  (no effect on the simulation)
 *          STEP    -                                          single-steps ended here (no effect either)
 *          HASH    long state hash                            state before the first tick at or after each
 *                                                             multiple of the hash interval
 *          END     long state hash                            state when recording stopped
 * trailer  long     number of records, END included
 *          int      CRC-32 of every byte before it
 * </pre>
 *
 * <p><b>Order.</b> Records are ordered by the simulated instant at which they take effect, ties in the order
 * they happened; state hashes, which observe rather than take effect, are ordered among themselves
 * ({@link JournalOrder}, one rule for writer and reader). The writer sorts what one frame produces before
 * journaling it (a frame's input may belong to an instant after a checkpoint its ticks cross, or after a later
 * console command) and the reader refuses anything else. Pauses, steps, time scale, catch-up bound and debt
 * policy are recorded for the story, not replayed: the simulation depends on simulated time, inputs, rates,
 * phases and edits only. Consecutive steps are journaled as one STEP record at the last step's end.
 *
 * <p><b>Start.</b> A recording made from a fresh world starts at 0 with no snapshot. One attached past 0 (after
 * a restore or a catch-up) starts from the snapshot it captured there: a replay restores it, then applies the
 * records, all at or after the start; state hashes are taken at the multiples of the interval after the start.
 *
 * <p><b>Limits.</b> A start snapshot is at most {@link #MAX_START_BYTES}. A file is at most {@link #MAX_FILE_BYTES}; the setup at most {@link #MAX_SETUP_BYTES}; at
 * most {@link #MAX_SYSTEMS} systems with names of at most {@link #MAX_NAME_BYTES}; rates 0 (every frame) or from
 * {@link #MIN_HZ} to {@link #MAX_HZ}; a hash interval of at most {@link #MAX_HASH_EVERY_NANOS}; simulated times
 * from 0 to {@link #MAX_SIM_NANOS}. The reader checks all of it before a replay
 * starts, in constant memory.
 */
final class ReplayFormat {

    static final byte[] MAGIC = {'E', 'C', 'S', 'L', 'R', 'E', 'P', 'L'};
    static final int VERSION = 4;
    /** The first version with a start section. */
    static final int START_VERSION = 4;
    /** The oldest version this build reads. */
    static final int OLDEST_VERSION = 1;

    static final byte INPUT = 1;
    static final byte RATE = 2;
    /** The rate field's value for a system that runs every frame (it has no rate). */
    static final double EVERY_FRAME_RATE = 0.0;

    /** A system's rate as the format stores it: its rate, or {@link #EVERY_FRAME_RATE}. */
    static double rateField(dev.ecsloop.SystemHandle system) {
        return system.isEveryFrame() ? EVERY_FRAME_RATE : system.rate();
    }
    static final byte SCALE = 3;
    static final byte CATCHUP = 4;
    static final byte DEBT = 5;
    static final byte PAUSE = 6;
    static final byte STEP = 7;
    static final byte HASH = 8;
    static final byte END = 9;
    static final byte PHASE = 10;
    static final byte EDIT = 11;

    /** Bytes of one STEP record: kind and time. */
    static final int STEP_BYTES = 9;

    /** Largest replay file: 64 MiB, about two million orders or years of one-second hashes. */
    static final long MAX_FILE_BYTES = 64L << 20;
    /** Largest start snapshot: 48 MiB, leaving the journal room within the file limit. */
    static final int MAX_START_BYTES = 48 << 20;
    /** Largest setup identity in bytes. */
    static final int MAX_SETUP_BYTES = 1024;
    /** Most systems a recorded loop may have. */
    static final int MAX_SYSTEMS = 1024;
    /** Longest system name in bytes. */
    static final int MAX_NAME_BYTES = 255;
    /** Longest hash interval: an hour of simulated time, so a replay is checked at least that often. */
    static final long MAX_HASH_EVERY_NANOS = 3_600_000_000_000L;
    /**
     * Latest simulated time a file may reach: a year. A replay simulates everything up to its end, so a file
     * cannot ask for more work than a year of the game (and the checker stops a replay at the first checkpoint
     * past the last recorded hash, at most an hour later while anything ticks at a fixed rate).
     */
    static final long MAX_SIM_NANOS = 31_536_000_000_000_000L;
    /** Slowest rate a file may hold (the loop's own bound). */
    static final double MIN_HZ = 0.001;
    /** Fastest rate a file may hold (the loop's own bound). */
    static final double MAX_HZ = 1_000_000.0;
    /**
     * What the recorder journals at most (the file limit less room for the largest header and the end): when the
     * journal reaches it, the recording ends there (see {@link Recorder}).
     */
    static final long MAX_JOURNAL_BYTES = MAX_FILE_BYTES - (1L << 20);

    private ReplayFormat() {
    }

    /** Whether a file may hold {@code hz} as a rate: 0 (every frame) or a finite rate the loop accepts. */
    static boolean validRate(double hz) {
        return hz == 0.0 || hz >= MIN_HZ && hz <= MAX_HZ;
    }

    /** Why a rate read from a file is refused. */
    static String rateProblem(double hz) {
        return "rate " + hz + " Hz (must be " + EVERY_FRAME_RATE + ", meaning every frame, or from " + MIN_HZ + " to " + (long) MAX_HZ + ")";
    }
}
