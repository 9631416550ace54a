package dev.ecsloop.lockstep.wire;

import dev.ecsloop.lockstep.Command;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.CorruptedFrameException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes and decodes one {@link Message} per frame body (the 4-byte length prefix is the framer's). Every length
 * and count read from the wire is checked against a limit before anything is allocated for it, and a body must be
 * consumed exactly: a stranger's bytes can only produce a {@link CorruptedFrameException}, never a large
 * allocation or a half-read message.
 */
public final class Codec {

    /**
     * Protocol version: peers of different versions refuse each other in the handshake. Version 2: {@code Stop}
     * names its sender's seat; {@code Leave} and {@code Resume} are new. Version 3: {@code Mismatch},
     * {@code Probe} and {@code Fields} (desync diagnosis); {@code Join} says whether the joiner is a spectator.
     * Version 4: {@code SeatToken}, {@code Rejoin}, {@code Catchup}, {@code Ready} and {@code Rejoined} (rejoin,
     * the catch-up carrying the input delay in force at its turn); and the host's turns may carry input delay
     * changes (a command of a reserved type, see {@code dev.ecsloop.lockstep.InputDelay}), which a version 3 peer
     * would hand to its game. Version 5: {@code Seated} names a late joiner's seat to the peers that started (a
     * version 4 peer would take it for a protocol error and leave), and the catch-up carries the delay's budget.
     */
    public static final int VERSION = 5;
    /** Bytes of one {@link Message.Catchup} chunk's data (the last chunk of a transfer may be shorter). */
    public static final int CHUNK = 16 * 1024;
    /** Largest catch-up transfer (a snapshot and the turns since): a rogue host cannot make a joiner hold more. */
    public static final long MAX_CATCHUP = 64L << 20;
    /** Match id length in bytes ({@link Message.SeatToken}). */
    public static final int MATCH_ID_BYTES = 16;
    /** Values in one {@link Message.Probe}: buckets of entities, or entities of one bucket. */
    public static final int BUCKETS = 1024;
    /** Longest {@link Message.Fields} dump, in UTF-8 bytes. */
    public static final int MAX_DUMP = 4096;
    /** "ECSL": the first four bytes of every challenge, so a client that dialled the wrong service knows at once. */
    public static final int MAGIC = 0x4543534c;
    /** Most commands one peer may schedule for one turn. */
    public static final int MAX_COMMANDS = 1024;
    /** Longest string on the wire, in UTF-8 bytes (names, setups, reasons). */
    public static final int MAX_STRING = 512;
    /** Largest frame body once a peer is in: a full turn of commands fits. */
    public static final int MAX_FRAME = Math.max(1 + 1 + 8 + 2 + MAX_COMMANDS * Command.WIRE_BYTES,
            1 + 1 + 8 + 1 + 8 + 2 + BUCKETS * 8);
    /** Largest frame body before the handshake completes: a stranger gets no more than this. */
    public static final int MAX_HANDSHAKE_FRAME = 4 * 1024;
    /** Nonce and MAC length in bytes (HMAC-SHA256). */
    public static final int NONCE_BYTES = 32;
    /** Most seats in one game. */
    public static final int MAX_PEERS = 8;

    private static final byte CHALLENGE = 1;
    private static final byte JOIN = 2;
    private static final byte WELCOME = 3;
    private static final byte REFUSE = 4;
    private static final byte START = 5;
    private static final byte TURN = 6;
    private static final byte HASH = 7;
    private static final byte PING = 8;
    private static final byte PONG = 9;
    private static final byte DROP = 10;
    private static final byte STOP = 11;
    private static final byte LEAVE = 12;
    private static final byte RESUME = 13;
    private static final byte MISMATCH = 14;
    private static final byte PROBE = 15;
    private static final byte FIELDS = 16;
    static final byte SEAT_TOKEN = 17;
    static final byte REJOIN = 18;
    static final byte CATCHUP = 19;
    static final byte READY = 20;
    static final byte REJOINED = 21;
    static final byte SEATED = 22;

    private Codec() {
    }

    /**
     * Writes {@code message} as one frame body.
     *
     * @param message the message
     * @param out     where to write it
     * @throws IllegalArgumentException if a string, count or seat is over its limit (the peer would refuse it)
     */
    public static void encode(Message message, ByteBuf out) {
        if (message instanceof Message.Challenge m) {
            out.writeByte(CHALLENGE).writeInt(MAGIC).writeInt(m.version());
            writeNonce(out, m.nonce());
        } else if (message instanceof Message.Join m) {
            out.writeByte(JOIN);
            writeJoin(out, m);
        } else if (message instanceof Message.Welcome m) {
            out.writeByte(WELCOME).writeByte(seat(m.peer()));
            writeNonce(out, m.mac());
        } else if (message instanceof Message.Refuse m) {
            out.writeByte(REFUSE);
            writeString(out, m.reason());
        } else if (message instanceof Message.Start m) {
            if (m.names().isEmpty() || m.names().size() > MAX_PEERS) {
                throw new IllegalArgumentException("a game has 1 to " + MAX_PEERS + " players, not " + m.names().size());
            }
            out.writeByte(START).writeByte(m.names().size());
            for (String name : m.names()) {
                writeString(out, name);
            }
        } else if (message instanceof Message.Turn m) {
            if (m.commands().size() > MAX_COMMANDS) {
                throw new IllegalArgumentException("at most " + MAX_COMMANDS + " commands per turn, not "
                        + m.commands().size());
            }
            out.writeByte(TURN).writeByte(seat(m.peer())).writeLong(m.turn()).writeShort(m.commands().size());
            for (Command c : m.commands()) {
                out.writeInt(c.type()).writeInt(c.code()).writeFloat(c.x()).writeFloat(c.y()).writeFloat(c.z())
                        .writeFloat(c.w());
            }
        } else if (message instanceof Message.Hash m) {
            out.writeByte(HASH).writeByte(seat(m.peer())).writeLong(m.turn()).writeLong(m.simNanos())
                    .writeLong(m.hash());
        } else if (message instanceof Message.Ping m) {
            out.writeByte(PING).writeLong(m.nanos());
        } else if (message instanceof Message.Pong m) {
            out.writeByte(PONG).writeLong(m.nanos());
        } else if (message instanceof Message.Drop m) {
            out.writeByte(DROP).writeByte(seat(m.peer())).writeLong(m.fromTurn());
            writeString(out, m.reason());
        } else if (message instanceof Message.Stop m) {
            out.writeByte(STOP).writeByte(seat(m.peer()));
            writeString(out, m.reason());
        } else if (message instanceof Message.Leave m) {
            out.writeByte(LEAVE);
            writeString(out, m.reason());
        } else if (message instanceof Message.Resume m) {
            if (m.turn() < 0) {
                throw new IllegalArgumentException("negative turn " + m.turn());
            }
            out.writeByte(RESUME).writeByte(seat(m.peer())).writeLong(m.turn());
        } else if (message instanceof Message.Mismatch m) {
            out.writeByte(MISMATCH).writeByte(seat(m.peer())).writeLong(turn(m.turn()));
        } else if (message instanceof Message.Probe m) {
            if (m.stage() < 0 || m.stage() > 1 || m.key() < 0 || m.values().length > BUCKETS) {
                throw new IllegalArgumentException("bad probe: stage " + m.stage() + ", key " + m.key() + ", "
                        + m.values().length + " values");
            }
            out.writeByte(PROBE).writeByte(seat(m.peer())).writeLong(turn(m.turn())).writeByte(m.stage())
                    .writeLong(m.key()).writeShort(m.values().length);
            for (long v : m.values()) {
                out.writeLong(v);
            }
        } else if (message instanceof Message.Fields m) {
            out.writeByte(FIELDS).writeByte(seat(m.peer())).writeLong(turn(m.turn())).writeInt(m.entity());
            writeString(out, m.dump(), MAX_DUMP);
        } else if (!RejoinCodec.encode(message, out)) {
            throw new IllegalArgumentException("not a protocol message: " + message);
        }
    }

    /** A join's fields after its type byte (also the first part of a rejoin). */
    static void writeJoin(ByteBuf out, Message.Join m) {
        out.writeInt(m.version());
        writeString(out, m.build());
        writeString(out, m.setup());
        writeString(out, m.name());
        out.writeBoolean(m.spectator());
        writeNonce(out, m.nonce());
        writeNonce(out, m.mac());
    }

    static Message.Join readJoin(ByteBuf in) {
        return new Message.Join(in.readInt(), readString(in), readString(in), readString(in), readFlag(in),
                readNonce(in), readNonce(in));
    }

    /**
     * Reads one frame body, which must hold exactly one well-formed message.
     *
     * @param in the frame body
     * @return the message
     * @throws CorruptedFrameException if the body is not one well-formed message: unknown type, bad magic, a length
     *                                 or count over its limit, a negative turn, missing or extra bytes
     */
    public static Message decode(ByteBuf in) {
        try {
            Message m = read(in);
            if (in.isReadable()) {
                throw new CorruptedFrameException(in.readableBytes() + " stray bytes after a message");
            }
            return m;
        } catch (IndexOutOfBoundsException e) {
            throw new CorruptedFrameException("message cut short");
        }
    }

    private static Message read(ByteBuf in) {
        byte type = in.readByte();
        switch (type) {
            case CHALLENGE -> {
                if (in.readInt() != MAGIC) {
                    throw new CorruptedFrameException("not an ecs-loop lockstep host");
                }
                return new Message.Challenge(in.readInt(), readNonce(in));
            }
            case JOIN -> {
                return readJoin(in);
            }
            case SEAT_TOKEN, REJOIN, CATCHUP, READY, REJOINED, SEATED -> {
                return RejoinCodec.read(type, in);
            }
            case WELCOME -> {
                return new Message.Welcome(readSeat(in), readNonce(in));
            }
            case REFUSE -> {
                return new Message.Refuse(readString(in));
            }
            case START -> {
                int n = in.readUnsignedByte();
                if (n < 1 || n > MAX_PEERS) {
                    throw new CorruptedFrameException("a game has 1 to " + MAX_PEERS + " players, not " + n);
                }
                List<String> names = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    names.add(readString(in));
                }
                return new Message.Start(List.copyOf(names));
            }
            case TURN -> {
                int peer = readSeat(in);
                long turn = readTurn(in);
                int n = in.readUnsignedShort();
                if (n > MAX_COMMANDS) {
                    throw new CorruptedFrameException("at most " + MAX_COMMANDS + " commands per turn, not " + n);
                }
                if (in.readableBytes() != n * Command.WIRE_BYTES) {
                    throw new CorruptedFrameException("turn of " + n + " commands with " + in.readableBytes()
                            + " bytes");
                }
                List<Command> commands = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    commands.add(new Command(in.readInt(), in.readInt(), in.readFloat(), in.readFloat(),
                            in.readFloat(), in.readFloat()));
                }
                return new Message.Turn(peer, turn, List.copyOf(commands));
            }
            case HASH -> {
                return new Message.Hash(readSeat(in), readTurn(in), in.readLong(), in.readLong());
            }
            case PING -> {
                return new Message.Ping(in.readLong());
            }
            case PONG -> {
                return new Message.Pong(in.readLong());
            }
            case DROP -> {
                return new Message.Drop(readSeat(in), readTurn(in), readString(in));
            }
            case STOP -> {
                return new Message.Stop(readSeat(in), readString(in));
            }
            case LEAVE -> {
                return new Message.Leave(readString(in));
            }
            case RESUME -> {
                return new Message.Resume(readSeat(in), readTurn(in));
            }
            case MISMATCH -> {
                return new Message.Mismatch(readSeat(in), readTurn(in));
            }
            case PROBE -> {
                int peer = readSeat(in);
                long turn = readTurn(in);
                int stage = in.readUnsignedByte();
                long key = in.readLong();
                int n = in.readUnsignedShort();
                if (stage > 1 || key < 0 || n > BUCKETS || in.readableBytes() != n * 8) {
                    throw new CorruptedFrameException("bad probe: stage " + stage + ", key " + key + ", " + n
                            + " values in " + in.readableBytes() + " bytes");
                }
                long[] values = new long[n];
                for (int i = 0; i < n; i++) {
                    values[i] = in.readLong();
                }
                return new Message.Probe(peer, turn, stage, key, values);
            }
            case FIELDS -> {
                int peer = readSeat(in);
                long turn = readTurn(in);
                int entity = in.readInt();
                if (entity < 0) {
                    throw new CorruptedFrameException("negative entity " + entity);
                }
                return new Message.Fields(peer, turn, entity, readString(in, MAX_DUMP));
            }
            default -> throw new CorruptedFrameException("unknown message type " + type);
        }
    }

    static int seat(int peer) {
        if (peer < 0 || peer >= MAX_PEERS) {
            throw new IllegalArgumentException("seat must be from 0 to " + (MAX_PEERS - 1) + ", was " + peer);
        }
        return peer;
    }

    static int readSeat(ByteBuf in) {
        int peer = in.readUnsignedByte();
        if (peer >= MAX_PEERS) {
            throw new CorruptedFrameException("seat " + peer + " out of range");
        }
        return peer;
    }

    static long readTurn(ByteBuf in) {
        long turn = in.readLong();
        if (turn < 0) {
            throw new CorruptedFrameException("negative turn " + turn);
        }
        return turn;
    }

    static boolean readFlag(ByteBuf in) {
        int b = in.readUnsignedByte();
        if (b > 1) {
            throw new CorruptedFrameException("flag byte " + b);
        }
        return b == 1;
    }

    static long turn(long turn) {
        if (turn < 0) {
            throw new IllegalArgumentException("negative turn " + turn);
        }
        return turn;
    }

    static void writeString(ByteBuf out, String s) {
        writeString(out, s, MAX_STRING);
    }

    private static void writeString(ByteBuf out, String s, int limit) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > limit) {
            throw new IllegalArgumentException("string of " + bytes.length + " bytes, the limit is " + limit);
        }
        out.writeShort(bytes.length).writeBytes(bytes);
    }

    static String readString(ByteBuf in) {
        return readString(in, MAX_STRING);
    }

    private static String readString(ByteBuf in, int limit) {
        int n = in.readUnsignedShort();
        if (n > limit || n > in.readableBytes()) {
            throw new CorruptedFrameException("string of " + n + " bytes");
        }
        byte[] bytes = new byte[n];
        in.readBytes(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static void writeNonce(ByteBuf out, byte[] nonce) {
        if (nonce.length != NONCE_BYTES) {
            throw new IllegalArgumentException("nonce or MAC of " + nonce.length + " bytes, not " + NONCE_BYTES);
        }
        out.writeBytes(nonce);
    }

    static byte[] readNonce(ByteBuf in) {
        byte[] nonce = new byte[NONCE_BYTES];
        in.readBytes(nonce);
        return nonce;
    }
}
