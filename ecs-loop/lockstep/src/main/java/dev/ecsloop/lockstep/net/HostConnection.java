package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.FrameDecoder;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.timeout.IdleStateEvent;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * One remote peer's connection at the host, from challenge to leaving: it answers pings, measures round trips, takes
 * a seat through the {@link Lobby} and hands game messages to the {@link TurnRelay}. Its own class because it is
 * the one place where a socket's events (join, silence, close, error) become seat changes.
 *
 * <p>Invariant: a connection not seated within the handshake timeout, or that sends anything but a join before
 * it is seated, is closed. Runs on the host's Netty thread.
 */
final class HostConnection extends SimpleChannelInboundHandler<Message> {

    private final PeerSettings settings;
    private final Lobby lobby;
    private final Seats seats;
    private final TurnRelay relay;
    private final Runnable startGame;
    private final FrameDecoder framer;
    private final byte[] nonce = Handshake.nonce();
    private int seat = -1;
    private boolean counted;
    /** A spectator: it watches, sends no orders, and is fed by the relay. */
    private boolean watching;

    /**
     * @param startGame starts the game if every seat is taken and the spectators it waits for are in; called on
     *                  each seat and spectator taken
     * @param framer    this connection's framer, admitted to game-sized frames once the joiner is seated
     */
    HostConnection(PeerSettings settings, Lobby lobby, Seats seats, TurnRelay relay, Runnable startGame,
                   FrameDecoder framer) {
        this.settings = settings;
        this.lobby = lobby;
        this.seats = seats;
        this.relay = relay;
        this.startGame = startGame;
        this.framer = framer;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        lobby.enter(ctx.channel());
        counted = true;
        ctx.writeAndFlush(new Message.Challenge(Codec.VERSION, nonce));
        ctx.executor().schedule(() -> {
            if (seat < 0 && !watching) {
                ctx.close();
            }
        }, settings.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** @return whether this connection is its seat's current one (a reconnected seat's old one is not) */
    private boolean current(ChannelHandlerContext ctx) {
        return seat <= 0 || seats.channel(seat) == ctx.channel();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        handshakeOver(ctx);
        if (watching) {
            relay.spectators().remove(ctx.channel(), "disconnected");
        }
        if (!current(ctx)) {
            return;
        }
        if (seat > 0 && relay.rejoins().catchingUp(seat)) {
            relay.leftWhileCatchingUp(seat, "disconnected");
        } else if (seat > 0 && relay.started()) {
            relay.drop(seat, "disconnected");
        } else if (seat > 0) {
            seats.note(seats.name(seat) + " left before the game started");
            seats.free(seat);
        }
    }

    private void handshakeOver(ChannelHandlerContext ctx) {
        if (counted) {
            counted = false;
            lobby.leave(ctx.channel());
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Message m) {
        if (watching) {
            if (m instanceof Message.Ping p) {
                ctx.writeAndFlush(new Message.Pong(p.nanos()));
            } else if (!(m instanceof Message.Pong) && !(m instanceof Message.Leave)) {
                relay.spectators().remove(ctx.channel(), "sent " + m.getClass().getSimpleName()
                        + ": a spectator sends no orders");
                ctx.close();
            }
            return;
        }
        if (seat >= 0) {
            if (!current(ctx)) {
                ctx.close();
                return;
            }
            if (m instanceof Message.Ping p) {
                if (ctx.channel().isActive() && !ctx.channel().isWritable()) {
                    if (relay.started()) {
                        relay.drop(seat, "not reading: " + LockstepHost.MAX_BACKLOG + " bytes waiting for it");
                    }
                    ctx.close();
                    return;
                }
                ctx.writeAndFlush(new Message.Pong(p.nanos()));
            } else if (m instanceof Message.Pong p) {
                seats.roundTrip(seat, settings.clock().nanoTime() - p.nanos());
            } else if (relay.started()) {
                relay.fromSeat(seat, m);
            } else {
                ctx.close();
            }
            return;
        }
        if (m instanceof Message.Rejoin r) {
            if (relay.started() && relay.rejoins().thisMatch(r)) {
                rejoin(ctx, r);
                return;
            }
            m = r.join(); // a token of an earlier match: this is a plain join
        }
        if (!(m instanceof Message.Join join)) {
            ctx.close();
            return;
        }
        String refusal = lobby.check(join, nonce);
        if (refusal != null) {
            refuse(ctx, refusal);
            return;
        }
        handshakeOver(ctx);
        framer.admit();
        if (join.spectator()) {
            watching = true;
            ctx.writeAndFlush(new Message.Welcome(0, lobby.hostMac(nonce, join.nonce())));
            if (relay.started()) {
                // Under way: a token first (spectators get none otherwise) says so, the Start names the players,
                // and the host's player serves a snapshot as for a rejoin.
                ctx.writeAndFlush(relay.rejoins().underWay());
                ctx.writeAndFlush(new Message.Start(seats.names()));
            }
            relay.spectators().add(join.name(), ctx.channel());
            if (relay.started()) {
                relay.spectatorLate(ctx.channel());
            }
            startGame.run(); // the host may have waited for this spectator
            return;
        }
        seat = seats.take(join.name(), ctx.channel());
        ctx.writeAndFlush(new Message.Welcome(seat, lobby.hostMac(nonce, join.nonce())));
        if (relay.started()) {
            // Under way: the Start before the token says so; then the catch-up, as for a rejoin.
            ctx.writeAndFlush(new Message.Start(seats.names()));
            ctx.writeAndFlush(relay.rejoins().issue(seat));
            seats.note(join.name() + " took open seat " + seat + " of the match under way, from "
                    + ctx.channel().remoteAddress());
            relay.seated(seat);
            relay.reconnected(seat, ctx.channel());
            return;
        }
        ctx.writeAndFlush(relay.rejoins().issue(seat));
        seats.note(join.name() + " joined at seat " + seat + " from " + ctx.channel().remoteAddress());
        startGame.run();
    }

    /** A player reclaims its seat in the started match: secret first, then the seat token, then catching up. */
    private void rejoin(ChannelHandlerContext ctx, Message.Rejoin r) {
        String refusal = lobby.checkIdentity(r.join(), nonce);
        if (refusal == null) {
            refusal = relay.rejoins().refusal(r, nonce, relay.playing());
        }
        if (refusal != null) {
            refuse(ctx, refusal);
            return;
        }
        seat = relay.rejoins().seatOf(r.join().name());
        Channel old = seats.channel(seat);
        seats.reseat(seat, ctx.channel());
        if (old != null) {
            old.close();
        }
        handshakeOver(ctx);
        framer.admit();
        ctx.writeAndFlush(new Message.Welcome(seat, lobby.hostMac(nonce, r.join().nonce())));
        ctx.writeAndFlush(relay.rejoins().issue(seat));
        ctx.writeAndFlush(new Message.Start(seats.names()));
        relay.reconnected(seat, ctx.channel());
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            if (seat > 0 && relay.started() && current(ctx)) {
                relay.drop(seat, "silent for " + settings.stallTimeout().toMillis() + " ms");
            }
            ctx.close();
        }
    }

    /** Turns the connection away with {@code refusal}: logged as such, sent, then closed. */
    private void refuse(ChannelHandlerContext ctx, String refusal) {
        seats.turnedAway("refused " + ctx.channel().remoteAddress() + ": " + refusal);
        ctx.writeAndFlush(new Message.Refuse(refusal)).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        String why = cause instanceof IOException ? "disconnected: " + cause.getMessage()
                : "protocol error: " + cause.getMessage();
        if (seat > 0 && relay.started() && current(ctx)) {
            relay.drop(seat, why);
        } else {
            seats.note("closed " + ctx.channel().remoteAddress() + ": " + why);
        }
        ctx.close();
    }
}
