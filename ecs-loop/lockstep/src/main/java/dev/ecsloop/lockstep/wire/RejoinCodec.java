package dev.ecsloop.lockstep.wire;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.CorruptedFrameException;

/**
 * The wire form of the rejoin and late join messages (protocol version 4, {@link Message.Seated} 5):
 * {@link Message.SeatToken}, {@link Message.Rejoin}, {@link Message.Catchup}, {@link Message.Ready},
 * {@link Message.Rejoined} and {@link Message.Seated}. Its own class so that {@link Codec}
 * keeps the game's messages and this one the rejoin's, each checked against its limits before anything is
 * allocated: a catch-up chunk holds at most {@link Codec#CHUNK} bytes and its header must describe a transfer of
 * at most {@link Codec#MAX_CATCHUP} bytes in exactly as many chunks as that length needs.
 */
final class RejoinCodec {

    private RejoinCodec() {
    }

    /** @return whether {@code message} is a rejoin message, then written to {@code out} */
    static boolean encode(Message message, ByteBuf out) {
        if (message instanceof Message.SeatToken m) {
            out.writeByte(Codec.SEAT_TOKEN);
            writeMatch(out, m.match());
            Codec.writeNonce(out, m.token());
        } else if (message instanceof Message.Rejoin m) {
            out.writeByte(Codec.REJOIN);
            Codec.writeJoin(out, m.join());
            writeMatch(out, m.match());
            Codec.writeNonce(out, m.proof());
        } else if (message instanceof Message.Catchup m) {
            String bad = check(m.index(), m.chunks(), m.length(), m.data().length);
            if (bad != null) {
                throw new IllegalArgumentException(bad);
            }
            out.writeByte(Codec.CATCHUP).writeByte(Codec.seat(m.peer())).writeInt(m.index()).writeInt(m.chunks())
                    .writeLong(m.length()).writeInt(m.crc()).writeInt(m.data().length).writeBytes(m.data());
        } else if (message instanceof Message.Ready m) {
            out.writeByte(Codec.READY).writeByte(Codec.seat(m.peer())).writeLong(Codec.turn(m.turn()));
        } else if (message instanceof Message.Rejoined m) {
            out.writeByte(Codec.REJOINED).writeByte(Codec.seat(m.peer())).writeLong(Codec.turn(m.fromTurn()));
        } else if (message instanceof Message.Seated m) {
            out.writeByte(Codec.SEATED).writeByte(Codec.seat(m.peer()));
            Codec.writeString(out, m.name());
        } else {
            return false;
        }
        return true;
    }

    /** Reads the body of a rejoin message of type {@code type}. */
    static Message read(byte type, ByteBuf in) {
        if (type == Codec.SEAT_TOKEN) {
            return new Message.SeatToken(readMatch(in), Codec.readNonce(in));
        }
        if (type == Codec.REJOIN) {
            return new Message.Rejoin(Codec.readJoin(in), readMatch(in), Codec.readNonce(in));
        }
        if (type == Codec.CATCHUP) {
            int peer = Codec.readSeat(in);
            int index = in.readInt();
            int chunks = in.readInt();
            long length = in.readLong();
            int crc = in.readInt();
            int n = in.readInt();
            String bad = check(index, chunks, length, n);
            if (bad != null || n != in.readableBytes()) {
                throw new CorruptedFrameException(bad != null ? bad : "catch-up chunk of " + n + " bytes in "
                        + in.readableBytes());
            }
            byte[] data = new byte[n];
            in.readBytes(data);
            return new Message.Catchup(peer, index, chunks, length, crc, data);
        }
        if (type == Codec.READY) {
            return new Message.Ready(Codec.readSeat(in), Codec.readTurn(in));
        }
        if (type == Codec.SEATED) {
            return new Message.Seated(Codec.readSeat(in), Codec.readString(in));
        }
        return new Message.Rejoined(Codec.readSeat(in), Codec.readTurn(in));
    }

    /**
     * What is wrong with a catch-up chunk's header, or null. Chunks 0 with length 0 is the "cannot serve" answer.
     *
     * @param index  the chunk's index
     * @param chunks chunks in the transfer
     * @param length bytes in the transfer
     * @param n      bytes in this chunk
     * @return one line, or null
     */
    static String check(int index, int chunks, long length, int n) {
        if (chunks == 0 && length == 0 && index == 0 && n == 0) {
            return null;
        }
        if (length <= 0 || length > Codec.MAX_CATCHUP) {
            return "catch-up of " + length + " bytes (the limit is " + Codec.MAX_CATCHUP + ")";
        }
        long needed = (length + Codec.CHUNK - 1) / Codec.CHUNK;
        if (chunks != needed || index < 0 || index >= chunks) {
            return "catch-up chunk " + index + " of " + chunks + " for " + length + " bytes";
        }
        long expected = index < chunks - 1 ? Codec.CHUNK : length - (long) Codec.CHUNK * (chunks - 1);
        if (n != expected) {
            return "catch-up chunk " + index + " of " + n + " bytes, expected " + expected;
        }
        return null;
    }

    private static void writeMatch(ByteBuf out, byte[] match) {
        if (match.length != Codec.MATCH_ID_BYTES) {
            throw new IllegalArgumentException("match id of " + match.length + " bytes, not " + Codec.MATCH_ID_BYTES);
        }
        out.writeBytes(match);
    }

    private static byte[] readMatch(ByteBuf in) {
        byte[] match = new byte[Codec.MATCH_ID_BYTES];
        in.readBytes(match);
        return match;
    }
}
