package dev.ecsloop.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * Hostile variants of a valid replay file, for fuzz tests here and in games: truncations, bit flips, length
 * fields and record values rewritten, each kind with the checksum repaired where that lets the change reach the
 * checks behind it.
 */
public final class ReplayMutations {

    /** Where one record starts in the file, and its kind. */
    private record Span(int offset, byte kind) {
    }

    private final byte[] original;
    private final List<Span> records = new ArrayList<>();
    private final List<Integer> lengthFields = new ArrayList<>();
    /** Where the start snapshot's 4-byte length is (format 4), or -1. */
    private int startLengthAt = -1;

    /**
     * @param valid a valid replay file
     * @throws ReplayFormatException if it is not
     */
    public ReplayMutations(byte[] valid) throws ReplayFormatException {
        this.original = valid.clone();
        lengthFields.add(12); // setup length
        try (RecordReader reader = RecordReader.open("original", valid)) {
            int setupLength = ((valid[12] & 0xff) << 8) | (valid[13] & 0xff);
            int systemsCount = 14 + setupLength + 8;
            lengthFields.add(systemsCount);
            int at = systemsCount + 4;
            for (int i = 0; i < reader.systems().size(); i++) {
                lengthFields.add(at);
                at += 2 + (((valid[at] & 0xff) << 8) | (valid[at + 1] & 0xff)) + 8;
            }
            if (at + 12 <= reader.position()) {
                startLengthAt = at + 8; // after the start instant
                lengthFields.add(startLengthAt);
            }
            long position = reader.position();
            while (true) {
                boolean more = reader.next();
                records.add(new Span((int) position, reader.kind));
                if (reader.kind == ReplayFormat.RATE || reader.kind == ReplayFormat.PHASE) {
                    lengthFields.add((int) position + 9);
                }
                if (!more) {
                    break;
                }
                position = reader.position();
            }
        }
    }

    /** One mutation, and what it did (for assertion messages). */
    public record Mutant(String what, byte[] bytes) {
    }

    /**
     * A random hostile variant.
     *
     * @param random where choices come from
     * @return the variant
     */
    public Mutant next(SplittableRandom random) {
        byte[] b = original.clone();
        switch (random.nextInt(7)) {
            case 0 -> {
                int cut = random.nextInt(b.length);
                return new Mutant("truncated to " + cut, Arrays.copyOf(b, cut));
            }
            case 1 -> {
                int at = random.nextInt(b.length);
                b[at] ^= (byte) (1 << random.nextInt(8));
                return new Mutant("bit flip at " + at, b);
            }
            case 2 -> {
                int at = random.nextInt(b.length - 4);
                b[at] ^= (byte) (1 << random.nextInt(8));
                return new Mutant("bit flip at " + at + ", checksum repaired", repaired(b));
            }
            case 3 -> {
                int at = lengthFields.get(random.nextInt(lengthFields.size()));
                int value = random.nextBoolean() ? 0xffff : random.nextInt(0x10000);
                if (at == lengthFields.get(1) || at == startLengthAt) {
                    putInt(b, at, random.nextBoolean() ? Integer.MAX_VALUE : random.nextInt());
                } else {
                    b[at] = (byte) (value >>> 8);
                    b[at + 1] = (byte) value;
                }
                return new Mutant("length field at " + at + " rewritten", repaired(b));
            }
            case 4 -> {
                Span r = records.get(random.nextInt(records.size()));
                long[] times = {-1, Long.MIN_VALUE, Long.MAX_VALUE, 0, random.nextLong()};
                putLong(b, r.offset + 1, times[random.nextInt(times.length)]);
                return new Mutant("time of record at " + r.offset + " rewritten", repaired(b));
            }
            case 5 -> {
                Span r = records.get(random.nextInt(records.size()));
                b[r.offset] = (byte) random.nextInt(256);
                return new Mutant("kind of record at " + r.offset + " rewritten", repaired(b));
            }
            default -> {
                Span r = records.get(random.nextInt(records.size()));
                int payload = r.offset + 9;
                double[] hz = {Double.NaN, -5, 1e-300, 1e300, Double.POSITIVE_INFINITY, 0.0005, 2e6, 0};
                switch (r.kind) {
                    case ReplayFormat.RATE -> {
                        int nameLength = ((b[payload] & 0xff) << 8) | (b[payload + 1] & 0xff);
                        if (random.nextBoolean()) {
                            int at = payload + 2 + random.nextInt(Math.max(1, nameLength));
                            b[at] = (byte) ('a' + random.nextInt(26));
                        } else {
                            putLong(b, payload + 2 + nameLength,
                                    Double.doubleToRawLongBits(hz[random.nextInt(hz.length)]));
                        }
                    }
                    case ReplayFormat.PHASE -> {
                        int nameLength = ((b[payload] & 0xff) << 8) | (b[payload + 1] & 0xff);
                        double[] phases = {Double.NaN, -0.1, 1.0, 7, Double.NEGATIVE_INFINITY};
                        putLong(b, payload + 2 + nameLength,
                                Double.doubleToRawLongBits(phases[random.nextInt(phases.length)]));
                    }
                    case ReplayFormat.SCALE -> putLong(b, payload,
                            Double.doubleToRawLongBits(hz[random.nextInt(hz.length)]));
                    case ReplayFormat.CATCHUP ->
                            putLong(b, payload, random.nextBoolean() ? 0 : -random.nextLong(1, 1L << 40));
                    case ReplayFormat.DEBT, ReplayFormat.PAUSE -> b[payload] = (byte) (2 + random.nextInt(250));
                    case ReplayFormat.INPUT -> putInt(b, payload + 8 + 4 * random.nextInt(4),
                            Float.floatToRawIntBits(random.nextBoolean() ? Float.NaN : Float.MAX_VALUE));
                    case ReplayFormat.END -> putLong(b, payload + 8, random.nextLong());
                    default -> putLong(b, payload, random.nextLong());
                }
                return new Mutant("value of " + r.kind + " record at " + r.offset + " rewritten", repaired(b));
            }
        }
    }

    /**
     * A valid file with its setup identity replaced, the checksum repaired: what a crafted file naming another,
     * perhaps enormous, setup looks like.
     *
     * @param valid a valid replay file recorded with setup {@code from}
     * @param from  its setup
     * @param to    the setup to write instead
     * @return the rewritten file
     */
    public static byte[] withSetup(byte[] valid, String from, String to) {
        byte[] old = from.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] now = to.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int length = ((valid[12] & 0xff) << 8) | (valid[13] & 0xff);
        if (length != old.length || !Arrays.equals(Arrays.copyOfRange(valid, 14, 14 + length), old)) {
            throw new IllegalArgumentException("the file's setup is not " + from);
        }
        byte[] b = new byte[valid.length - old.length + now.length];
        System.arraycopy(valid, 0, b, 0, 12);
        b[12] = (byte) (now.length >>> 8);
        b[13] = (byte) now.length;
        System.arraycopy(now, 0, b, 14, now.length);
        System.arraycopy(valid, 14 + old.length, b, 14 + now.length, valid.length - 14 - old.length);
        return repaired(b);
    }

    private static byte[] repaired(byte[] b) {
        CRC32 crc = new CRC32();
        crc.update(b, 0, b.length - 4);
        putInt(b, b.length - 4, (int) crc.getValue());
        return b;
    }

    private static void putInt(byte[] b, int at, int v) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (24 - 8 * i));
        }
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (56 - 8 * i));
        }
    }
}
