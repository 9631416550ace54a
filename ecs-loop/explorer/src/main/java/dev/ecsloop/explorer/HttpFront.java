package dev.ecsloop.explorer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One connection's HTTP handler, on a server thread: judges each request ({@link Gate}, {@link RateLimit}),
 * serves the page's files, parses JSON-RPC, checks parameters, queues the work for the loop thread and writes
 * the answer when the loop has given it. It never touches the loop or the world itself.
 */
final class HttpFront extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final Explorer.Settings settings;
    private final LoopSide side;
    private final ObjectMapper json;
    private final StaticFiles files;
    private final RateLimit limit;
    /** Requests read while an earlier one on this connection awaits its answer, and whether one does. */
    private final java.util.ArrayDeque<FullHttpRequest> waiting = new java.util.ArrayDeque<>();
    private boolean busy;
    private static final int MAX_PIPELINED = 16;

    HttpFront(Explorer.Settings settings, LoopSide side, ObjectMapper json, StaticFiles files) {
        this.settings = settings;
        this.side = side;
        this.json = json;
        this.files = files;
        this.limit = new RateLimit(settings.clock());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        if (side.connections.incrementAndGet() > Explorer.MAX_CONNECTIONS) {
            ctx.close();
        }
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        side.connections.decrementAndGet();
        super.channelInactive(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            ctx.close();
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // a reset or a malformed stream: only this connection is affected
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        if (busy) {
            // Pipelined: answers must go out in request order, and this one waits for the loop's.
            if (waiting.size() >= MAX_PIPELINED) {
                ctx.close();
                return;
            }
            waiting.add(req.retain());
            return;
        }
        busy = true;
        handle(ctx, req);
    }

    /** Sent an answer: the next pipelined request, if any, may go. */
    private void answered(ChannelHandlerContext ctx) {
        busy = false;
        FullHttpRequest next = waiting.poll();
        if (next != null) {
            busy = true;
            try {
                handle(ctx, next);
            } finally {
                next.release();
            }
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        for (FullHttpRequest r; (r = waiting.poll()) != null; ) {
            r.release();
        }
    }

    private void handle(ChannelHandlerContext ctx, FullHttpRequest req) {
        boolean keepAlive = HttpUtil.isKeepAlive(req);
        if (!req.decoderResult().isSuccess()) {
            plain(ctx, HttpResponseStatus.BAD_REQUEST, "malformed HTTP request", false);
            return;
        }
        String refusal = Gate.foreign(req.headers().get(HttpHeaderNames.HOST), req.headers().get(HttpHeaderNames.ORIGIN));
        if (refusal != null) {
            plain(ctx, HttpResponseStatus.FORBIDDEN, refusal.substring(4), keepAlive);
            return;
        }
        String path = new QueryStringDecoder(req.uri()).path();
        if (!path.equals("/rpc")) {
            StaticFiles.File file = files.get(path);
            if (file == null) {
                plain(ctx, HttpResponseStatus.NOT_FOUND, "no such page", keepAlive);
            } else if (!req.method().equals(HttpMethod.GET) && !req.method().equals(HttpMethod.HEAD)) {
                plain(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, "pages are read with GET", keepAlive);
            } else {
                FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                        Unpooled.wrappedBuffer(file.bytes()));
                res.headers().set(HttpHeaderNames.CONTENT_TYPE, file.type());
                StaticFiles.secure(res.headers());
                send(ctx, res, keepAlive);
            }
            return;
        }
        if (!req.method().equals(HttpMethod.POST)) {
            plain(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, "the API takes POST /rpc with a JSON-RPC 2.0 body",
                    keepAlive);
            return;
        }
        if (!limit.take()) {
            error(ctx, HttpResponseStatus.TOO_MANY_REQUESTS, null, new RpcException(RpcException.REFUSED,
                    "over " + RateLimit.PER_SECOND + " requests per second on this connection"), keepAlive);
            return;
        }
        if (!Gate.authorized(req.headers().get(HttpHeaderNames.AUTHORIZATION), settings.token())) {
            FullHttpResponse res = response(HttpResponseStatus.UNAUTHORIZED, null, new RpcException(
                    RpcException.REFUSED, "missing or wrong token: send Authorization: Bearer <token>"));
            res.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer");
            send(ctx, res, keepAlive);
            return;
        }
        if (!Gate.isJson(req.headers().get(HttpHeaderNames.CONTENT_TYPE))) {
            error(ctx, HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE, null, new RpcException(RpcException.INVALID_REQUEST,
                    "Content-Type must be application/json"), keepAlive);
            return;
        }
        rpc(ctx, req, keepAlive);
    }

    private void rpc(ChannelHandlerContext ctx, FullHttpRequest req, boolean keepAlive) {
        JsonNode body;
        try (InputStream in = new ByteBufInputStream(req.content())) {
            body = json.readTree(in);
        } catch (IOException e) {
            error(ctx, HttpResponseStatus.BAD_REQUEST, null, new RpcException(RpcException.PARSE_ERROR,
                    "body is not JSON: " + firstLine(e)), keepAlive);
            return;
        }
        JsonNode id = body == null ? null : body.get("id");
        try {
            if (body == null || !body.isObject()) {
                throw new RpcException(RpcException.INVALID_REQUEST, body != null && body.isArray()
                        ? "batches are not supported: send one request per POST" : "the body must be a JSON-RPC 2.0 "
                        + "request object");
            }
            if (id != null && !id.isTextual() && !id.isIntegralNumber() && !id.isNull()) {
                id = null;
                throw new RpcException(RpcException.INVALID_REQUEST, "id must be a string, an integer or null");
            }
            JsonNode version = body.get("jsonrpc");
            JsonNode method = body.get("method");
            if (version == null || !"2.0".equals(version.asText()) || !version.isTextual()) {
                throw new RpcException(RpcException.INVALID_REQUEST, "jsonrpc must be \"2.0\"");
            }
            if (method == null || !method.isTextual()) {
                throw new RpcException(RpcException.INVALID_REQUEST, "method must be a string");
            }
            String name = method.asText();
            Params params = new Params(name, body.get("params"));
            if (name.equals("world.watch")) {
                watch(ctx, id, params);
                return;
            }
            Methods.Method m = Methods.ALL.get(name);
            if (m == null) {
                throw new RpcException(RpcException.METHOD_NOT_FOUND, "no method " + shortText(name)
                        + " (see docs/EXPLORER.md for the list)");
            }
            if (m.edit()) {
                checkEdits(name);
            }
            LoopWork work = m.prepare(params);
            JsonNode answerId = id;
            boolean notification = !body.has("id");
            side.submit(work).whenCompleteAsync((result, failure) -> {
                if (notification) {
                    send(ctx, new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT),
                            keepAlive);
                } else if (failure != null) {
                    error(ctx, HttpResponseStatus.OK, answerId, asRpc(failure), keepAlive);
                } else {
                    Map<String, Object> out = new LinkedHashMap<>();
                    out.put("jsonrpc", "2.0");
                    out.put("id", answerId);
                    out.put("result", result);
                    send(ctx, json(HttpResponseStatus.OK, out), keepAlive);
                }
            }, ctx.executor());
        } catch (RpcException e) {
            error(ctx, HttpResponseStatus.OK, id, e, keepAlive);
        }
    }

    private void checkEdits(String name) {
        if (settings.editRefusal() != null) {
            throw new RpcException(RpcException.REFUSED, name + " refused: " + settings.editRefusal());
        }
        if (!settings.edits()) {
            throw new RpcException(RpcException.REFUSED, name + " refused: the explorer is read-only (start the "
                    + "game with edits enabled, e.g. --explorer-edit)");
        }
    }

    /**
     * {@code world.watch}: a server-sent event stream of one component's values, or of whole entities (every
     * component, as {@code world.get} shows them) when no component is named, throttled.
     */
    private void watch(ChannelHandlerContext ctx, JsonNode id, Params params) {
        String component = params.text("component", null);    // none: every component of each entity
        int[] entities = params.ids("entities", component == null ? Methods.MAX_WATCHED_WHOLE : Methods.MAX_WATCHED);
        double hz = params.number("hz", 0.1, 60);
        long max = params.integer("max_events", 1, Long.MAX_VALUE, Long.MAX_VALUE);
        if (!side.reserveWatch()) {
            throw new RpcException(RpcException.REFUSED, "busy: " + LoopSide.MAX_WATCHES + " watches are open");
        }
        long interval = (long) (1e9 / hz);
        Watch[] made = new Watch[1];
        try {
            side.submit(s -> {
                // made[0] is set before addWatch, so before the first event reaches the sink.
                Watch w = new Watch(component == null ? null : s.component(component), entities, interval, max,
                        event -> ctx.executor().execute(() -> {
                            made[0].inFlight.decrementAndGet();
                            event(ctx, id, event);
                        }));
                made[0] = w;
                s.addWatch(w);
                return Boolean.TRUE;
            }).whenCompleteAsync((ok, failure) -> {
                if (failure != null) {
                    side.releaseWatch();
                    error(ctx, HttpResponseStatus.OK, id, asRpc(failure), true);
                    return;
                }
                HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                res.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
                res.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
                HttpUtil.setTransferEncodingChunked(res, true);
                ctx.writeAndFlush(res);
                made[0].headWritten = true; // every event task is queued on this executor after this one
                ctx.channel().closeFuture().addListener(f -> made[0].closed = true);
            }, ctx.executor());
        } catch (RpcException e) {
            side.releaseWatch();
            throw e;
        }
    }

    /** Writes one watch event, or ends the stream on null; skips an event while the client is not reading. */
    private void event(ChannelHandlerContext ctx, JsonNode id, Object event) {
        if (!ctx.channel().isActive()) {
            return;
        }
        if (event == null) {
            ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (!ctx.channel().isWritable()) {
            return; // a slow reader loses samples, never memory
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("jsonrpc", "2.0");
        out.put("id", id);
        out.put("result", event);
        try {
            byte[] data = json.writeValueAsBytes(out);
            byte[] framed = new byte[data.length + 8];
            System.arraycopy("data: ".getBytes(StandardCharsets.US_ASCII), 0, framed, 0, 6);
            System.arraycopy(data, 0, framed, 6, data.length);
            framed[framed.length - 2] = '\n';
            framed[framed.length - 1] = '\n';
            ctx.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(framed)));
        } catch (JsonProcessingException e) {
            ctx.close();
        }
    }

    private static RpcException asRpc(Throwable failure) {
        Throwable t = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        return t instanceof RpcException r ? r : new RpcException(RpcException.REFUSED, "failed: " + t);
    }

    private static String firstLine(IOException e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private static String shortText(String s) {
        String t = s.length() > 64 ? s.substring(0, 64) + "..." : s;
        return "\"" + t.replaceAll("[\\p{Cntrl}]", "?") + "\"";
    }

    private void error(ChannelHandlerContext ctx, HttpResponseStatus status, JsonNode id, RpcException e,
                       boolean keepAlive) {
        send(ctx, response(status, id, e), keepAlive);
    }

    private FullHttpResponse response(HttpResponseStatus status, JsonNode id, RpcException e) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", e.code());
        error.put("message", e.getMessage());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("jsonrpc", "2.0");
        out.put("id", id);
        out.put("error", error);
        return json(status, out);
    }

    private FullHttpResponse json(HttpResponseStatus status, Object body) {
        byte[] bytes;
        try {
            bytes = json.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            bytes = ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,\"message\":\"result not "
                    + "serializable\"}}").getBytes(StandardCharsets.UTF_8);
        }
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
        res.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        res.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        return res;
    }

    private void plain(ChannelHandlerContext ctx, HttpResponseStatus status, String text, boolean keepAlive) {
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(text + "\n", StandardCharsets.UTF_8));
        res.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        send(ctx, res, keepAlive);
    }

    private void send(ChannelHandlerContext ctx, FullHttpResponse res, boolean keepAlive) {
        HttpUtil.setContentLength(res, res.content().readableBytes());
        if (keepAlive) {
            HttpUtil.setKeepAlive(res, true);
            ctx.writeAndFlush(res);
            answered(ctx);
        } else {
            ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
