package dev.ecsloop.lockstep.wire;

import dev.ecsloop.lockstep.Command;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.CorruptedFrameException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Messages survive the wire unchanged, and no byte sequence decodes into anything but a message or one error. */
class CodecTest {

    static Message roundTrip(Message m) {
        ByteBuf b = Unpooled.buffer();
        Codec.encode(m, b);
        return Codec.decode(b);
    }

    @Provide
    Arbitrary<List<Command>> commands() {
        return Combinators.combine(Arbitraries.integers(), Arbitraries.integers(), Arbitraries.floats(),
                Arbitraries.floats(), Arbitraries.floats(), Arbitraries.floats()).as(Command::new).list()
                .ofMaxSize(40);
    }

    @Property
    void aTurnComesBackAsSent(@ForAll @IntRange(min = 0, max = 7) int seat, @ForAll @LongRange(min = 0) long turn,
                              @ForAll("commands") List<Command> commands) {
        assertEquals(new Message.Turn(seat, turn, commands), roundTrip(new Message.Turn(seat, turn, commands)));
    }

    @Property
    void aHashComesBackAsSent(@ForAll @IntRange(min = 0, max = 7) int seat, @ForAll @LongRange(min = 0) long turn,
                              @ForAll long sim, @ForAll long hash) {
        assertEquals(new Message.Hash(seat, turn, sim, hash), roundTrip(new Message.Hash(seat, turn, sim, hash)));
    }

    @Property
    void anyBytesDecodeToAMessageOrOneError(@ForAll @net.jqwik.api.constraints.Size(max = 200) byte[] bytes) {
        try {
            Message m = Codec.decode(Unpooled.wrappedBuffer(bytes));
            assertTrue(m != null);
        } catch (CorruptedFrameException expected) {
            assertTrue(expected.getMessage() != null);
        }
    }

    @Property
    void aTruncatedTurnIsAnError(@ForAll("commands") List<Command> commands,
                                 @ForAll @IntRange(min = 1, max = 23) int cut) {
        if (commands.isEmpty()) {
            return;
        }
        ByteBuf b = Unpooled.buffer();
        Codec.encode(new Message.Turn(1, 5, commands), b);
        ByteBuf shorter = b.slice(0, b.readableBytes() - cut);
        assertThrows(CorruptedFrameException.class, () -> Codec.decode(shorter));
    }

    @Test
    void handshakeMessagesComeBackAsSent() {
        byte[] nonce = Handshake.nonce();
        byte[] mac = Handshake.nonce();
        Message.Join join = (Message.Join) roundTrip(new Message.Join(1, "b", "s", "ann", nonce, mac));
        assertEquals("ann", join.name());
        assertArrayEquals(mac, join.mac());
        assertEquals(new Message.Start(List.of("a", "b")), roundTrip(new Message.Start(List.of("a", "b"))));
        assertEquals(new Message.Drop(2, 9, "gone"), roundTrip(new Message.Drop(2, 9, "gone")));
        assertEquals(new Message.Stop(1, "desync"), roundTrip(new Message.Stop(1, "desync")));
        assertEquals(new Message.Leave("quit"), roundTrip(new Message.Leave("quit")));
        assertEquals(new Message.Resume(3, 57), roundTrip(new Message.Resume(3, 57)));
    }

    @Property
    void aProbeComesBackAsSent(@ForAll @IntRange(min = 0, max = 7) int seat, @ForAll @LongRange(min = 0) long turn,
                               @ForAll @IntRange(min = 0, max = 1) int stage, @ForAll @LongRange(min = 0) long key,
                               @ForAll @net.jqwik.api.constraints.Size(max = Codec.BUCKETS) List<Long> values) {
        long[] v = values.stream().mapToLong(Long::longValue).toArray();
        Message.Probe back = (Message.Probe) roundTrip(new Message.Probe(seat, turn, stage, key, v));
        assertEquals(List.of(seat, turn, stage, key), List.of(back.peer(), back.turn(), back.stage(), back.key()));
        assertArrayEquals(v, back.values());
    }

    @Test
    void diagnosisMessagesComeBackAsSentAndOversizedOnesAreRefused() {
        assertEquals(new Message.Mismatch(2, 41), roundTrip(new Message.Mismatch(2, 41)));
        assertEquals(new Message.Fields(1, 41, 7, "Body.x=1.5\n"),
                roundTrip(new Message.Fields(1, 41, 7, "Body.x=1.5\n")));
        assertThrows(IllegalArgumentException.class,
                () -> Codec.encode(new Message.Probe(0, 1, 0, 0, new long[Codec.BUCKETS + 1]), Unpooled.buffer()));
        assertThrows(IllegalArgumentException.class,
                () -> Codec.encode(new Message.Fields(0, 1, 0, "x".repeat(Codec.MAX_DUMP + 1)), Unpooled.buffer()));
        ByteBuf many = Unpooled.buffer();
        many.writeByte(15).writeByte(0).writeLong(1).writeByte(0).writeLong(0).writeShort(Codec.BUCKETS + 1);
        assertEquals("bad probe: stage 0, key 0, 1025 values in 0 bytes",
                assertThrows(CorruptedFrameException.class, () -> Codec.decode(many)).getMessage());
        ByteBuf stage = Unpooled.buffer();
        stage.writeByte(15).writeByte(0).writeLong(1).writeByte(2).writeLong(0).writeShort(0);
        assertThrows(CorruptedFrameException.class, () -> Codec.decode(stage));
        ByteBuf entity = Unpooled.buffer();
        entity.writeByte(16).writeByte(0).writeLong(1).writeInt(-5).writeShort(0);
        assertEquals("negative entity -5", assertThrows(CorruptedFrameException.class,
                () -> Codec.decode(entity)).getMessage());
        ByteBuf full = Unpooled.buffer();
        Codec.encode(new Message.Probe(0, 1, 0, 0, new long[Codec.BUCKETS]), full);
        assertTrue(full.readableBytes() <= Codec.MAX_FRAME, "a full probe must fit a frame");
    }

    @Test
    void rejoinMessagesComeBackAsSentAndABadCatchupHeaderIsRefused() {
        byte[] match = new byte[Codec.MATCH_ID_BYTES];
        match[3] = 7;
        byte[] token = new byte[Codec.NONCE_BYTES];
        token[0] = 1;
        Message.SeatToken t = (Message.SeatToken) roundTrip(new Message.SeatToken(match, token));
        assertArrayEquals(match, t.match());
        assertArrayEquals(token, t.token());
        Message.Join join = new Message.Join(Codec.VERSION, "b", "s", "bob", new byte[32], new byte[32]);
        Message.Rejoin r = (Message.Rejoin) roundTrip(new Message.Rejoin(join, match, token));
        assertEquals("bob", r.join().name());
        assertArrayEquals(match, r.match());
        assertArrayEquals(token, r.proof());
        assertEquals(new Message.Ready(2, 40), roundTrip(new Message.Ready(2, 40)));
        assertEquals(new Message.Rejoined(2, 43), roundTrip(new Message.Rejoined(2, 43)));
        assertEquals(new Message.Seated(2, "cy"), roundTrip(new Message.Seated(2, "cy")));
        byte[] data = new byte[100];
        data[5] = 9;
        Message.Catchup c = (Message.Catchup) roundTrip(new Message.Catchup(1, 1, 2, Codec.CHUNK + 100, 77, data));
        assertEquals(List.of(1, 1, 2, (long) Codec.CHUNK + 100, 77), List.of(c.peer(), c.index(), c.chunks(),
                c.length(), c.crc()));
        assertArrayEquals(data, c.data());
        ByteBuf full = Unpooled.buffer();
        Codec.encode(new Message.Catchup(1, 0, 2, Codec.CHUNK + 100, 0, new byte[Codec.CHUNK]), full);
        assertTrue(full.readableBytes() <= Codec.MAX_FRAME, "a full chunk must fit a frame");
        ByteBuf huge = Unpooled.buffer();
        huge.writeByte(19).writeByte(1).writeInt(0).writeInt(4097).writeLong(Codec.MAX_CATCHUP + 1).writeInt(0)
                .writeInt(0);
        assertEquals("catch-up of 67108865 bytes (the limit is 67108864)",
                assertThrows(CorruptedFrameException.class, () -> Codec.decode(huge)).getMessage());
        ByteBuf count = Unpooled.buffer();
        count.writeByte(19).writeByte(1).writeInt(0).writeInt(3).writeLong(100).writeInt(0).writeInt(100)
                .writeZero(100);
        assertEquals("catch-up chunk 0 of 3 for 100 bytes",
                assertThrows(CorruptedFrameException.class, () -> Codec.decode(count)).getMessage());
        ByteBuf lies = Unpooled.buffer();
        lies.writeByte(19).writeByte(1).writeInt(0).writeInt(1).writeLong(100).writeInt(0).writeInt(100)
                .writeZero(60);
        assertThrows(CorruptedFrameException.class, () -> Codec.decode(lies));
        assertThrows(IllegalArgumentException.class,
                () -> Codec.encode(new Message.Catchup(1, 0, 1, 10, 0, new byte[11]), Unpooled.buffer()));
    }

    @Test
    void aCountOverTheLimitIsRefusedBeforeAnythingIsAllocated() {
        ByteBuf b = Unpooled.buffer();
        b.writeByte(6).writeByte(0).writeLong(1).writeShort(Codec.MAX_COMMANDS + 1);
        CorruptedFrameException e = assertThrows(CorruptedFrameException.class, () -> Codec.decode(b));
        assertEquals("at most 1024 commands per turn, not 1025", e.getMessage());
        ByteBuf s = Unpooled.buffer();
        s.writeByte(12).writeShort(60_000);
        assertEquals("string of 60000 bytes", assertThrows(CorruptedFrameException.class,
                () -> Codec.decode(s)).getMessage());
        ByteBuf neg = Unpooled.buffer();
        neg.writeByte(7).writeByte(0).writeLong(-1).writeLong(0).writeLong(0);
        assertEquals("negative turn -1", assertThrows(CorruptedFrameException.class,
                () -> Codec.decode(neg)).getMessage());
    }

    @Test
    void macsDependOnTheSecretAndBothNonces() {
        byte[] hostNonce = Handshake.nonce();
        Message.Join join = new Message.Join(1, "b", "s", "ann", Handshake.nonce(), new byte[32]);
        byte[] mac = new Handshake("one").joinMac(hostNonce, join);
        assertTrue(Handshake.same(mac, new Handshake("one").joinMac(hostNonce, join)));
        assertTrue(!Handshake.same(mac, new Handshake("two").joinMac(hostNonce, join)));
        assertTrue(!Handshake.same(mac, new Handshake("one").joinMac(Handshake.nonce(), join)));
        assertTrue(!Handshake.same(mac, new Handshake("one").hostMac(hostNonce, join.nonce())));
    }
}
