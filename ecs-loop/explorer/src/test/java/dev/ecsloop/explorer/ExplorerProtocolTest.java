package dev.ecsloop.explorer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.Replayer;
import dev.ecsloop.replay.ReplayTarget;
import dev.ecsloop.state.StateHash;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The protocol over real HTTP on loopback: every method, and every way a request can be wrong. */
class ExplorerProtocolTest {

    private static final String TOKEN = "test-token-0123456789abcdef";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private TestGame game;
    private Explorer explorer;
    private Http http;

    @BeforeEach
    void open() throws IOException {
        game = new TestGame(true);
        for (int i = 0; i < 30; i++) {
            game.frame();
        }
        explorer = Explorer.builder(game.loop).port(0).token(TOKEN).edits(true).recorder(game.recorder)
                .clock(game.clock).open();
        http = new Http(explorer.port());
    }

    @AfterEach
    void close() throws IOException {
        http.close();
        explorer.close();
    }

    /** Sends one request and answers it between frames; returns the parsed body. */
    private JsonNode rpc(String method, String params) throws IOException {
        Http.Response r = raw(Http.post(explorer.port(), TOKEN,
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}"));
        assertEquals(200, r.status(), r.body());
        return JSON.readTree(r.body());
    }

    private JsonNode result(String method, String params) throws IOException {
        JsonNode body = rpc(method, params);
        assertNull(body.get("error"), () -> body.toString());
        assertEquals(7, body.get("id").asInt());
        return body.get("result");
    }

    private String error(String method, String params) throws IOException {
        JsonNode body = rpc(method, params);
        assertNull(body.get("result"), () -> body.toString());
        return body.get("error").get("code").asInt() + " " + body.get("error").get("message").asText();
    }

    private Http.Response raw(String request) throws IOException {
        http.send(request);
        return http.read(explorer::drain);
    }

    private long hash() {
        return new StateHash(game.loop.world()).hash();
    }

    @Test
    void loopSystemsListsRatesAndFigures() throws IOException {
        JsonNode r = result("loop.systems", "{}");
        assertEquals(30 * TestGame.FRAME, r.get("sim_ns").asLong(), "a frame's time, not a tick's");
        JsonNode systems = r.get("systems");
        assertEquals(3, systems.size());
        assertEquals("Walk", systems.get(0).get("name").asText());
        assertEquals(60.0, systems.get(0).get("rate_hz").asDouble());
        assertEquals("fixed", systems.get(0).get("kind").asText());
        assertEquals("frame", systems.get(2).get("kind").asText());
        assertEquals(30, systems.get(0).get("runs").asLong(), "60 Hz for 30 frames of 1/60 s");
        assertEquals(0, systems.get(0).get("dropped_runs").asLong());
    }

    @Test
    void loopStatsHasThreeWindowsOfSixtySamples() throws IOException {
        JsonNode second = result("loop.stats", "{\"window\":\"1s\"}");
        assertEquals("1s", second.get("window").asText());
        assertTrue(second.get("systems").has("Walk"));
        for (int i = 0; i < 70; i++) {        // frames with a client connected: one 1s sample each
            explorer.drain();
            game.frame();
        }
        JsonNode frames = result("loop.stats", "{\"window\":\"1s\"}");
        assertEquals(60, frames.get("samples").asInt());
        assertEquals(60, frames.get("systems").get("Walk").get("tps").size());
        assertEquals(60, frames.get("fps").get(59).asDouble(), 0.5, "a frame of 1/60 s");
        assertEquals(1.0, frames.get("systems").get("Walk").get("tps").get(59).asDouble(),
                "one Walk tick per frame");
        assertEquals("1m", result("loop.stats", "{}").get("window").asText());
        assertEquals("1h", result("loop.stats", "{\"window\":\"1h\"}").get("window").asText());
        assertEquals("-32602 loop.stats: window must be 1s, 1m or 1h", error("loop.stats", "{\"window\":\"1d\"}"));
    }

    @Test
    void componentsQueryAndGetReadTheWorld() throws IOException {
        JsonNode components = result("world.components", "{}").get("components");
        JsonNode body = null;
        for (JsonNode c : components) {
            if (c.get("name").asText().equals("Body")) {
                body = c;
            }
        }
        assertTrue(body != null, components::toString);
        JsonNode position = body.get("fields").get(0);
        assertEquals("position", position.get("name").asText());
        assertEquals("vector", position.get("kind").asText());
        assertEquals(2, position.get("size").asInt());
        assertTrue(position.get("settable").asBoolean());

        JsonNode all = result("world.query", "{\"with\":[\"Body\"]}");
        assertEquals(200, all.get("entities").size());
        assertTrue(all.get("next_after").isNull());
        JsonNode living = result("world.query", "{\"with\":[\"Body\",\"Life\"],\"limit\":40}");
        assertEquals(40, living.get("entities").size());
        assertEquals(78, living.get("next_after").asInt());
        JsonNode page2 = result("world.query", "{\"with\":[\"Life\"],\"after\":78,\"limit\":1000}");
        assertEquals(60, page2.get("entities").size());
        assertEquals(80, page2.get("entities").get(0).asInt());

        JsonNode e4 = result("world.get", "{\"entity\":4}");
        JsonNode pos = e4.get("components").get("Body").get("position");
        assertTrue(pos.isArray() && pos.size() == 2, pos::toString);
        float dt = 30 * TestGame.FRAME / 1e9f;
        assertEquals(4 + (4 % 7 - 3) * dt, pos.get(0).asDouble(), 1e-3);
        assertEquals("CALM", e4.get("components").get("Life").get("mood").asText());
        assertEquals("-32602 world.get: no entity 5000", error("world.get", "{\"entity\":5000}"));
        assertEquals("-32602 world.query: limit must be an integer from 1 to 1000",
                error("world.query", "{\"limit\":1001}"));
        assertEquals("-32602 no component type \"Nope\" in this world", error("world.query", "{\"with\":[\"Nope\"]}"));
    }

    @Test
    void controlsChangeTheLoopBetweenFrames() throws IOException {
        assertEquals(30.0, result("loop.set_rate", "{\"system\":\"Walk\",\"hz\":30}").get("rate_hz").asDouble());
        assertEquals(30.0, game.loop.system(TestGame.Walk.class).rate());
        result("loop.set_rate", "{\"system\":\"Age\",\"hz\":0}");
        assertTrue(game.loop.system(TestGame.Age.class).isEveryFrame());
        assertTrue(result("loop.pause", "{}").get("paused").asBoolean());
        assertTrue(game.loop.isPaused());
        long before = game.loop.simulatedNanos();
        long stepped = result("loop.step", "{}").get("sim_ns").asLong();
        assertTrue(stepped > before, stepped + " after " + before);
        assertFalse(result("loop.pause", "{\"paused\":false}").get("paused").asBoolean());
        assertEquals(0.5, result("loop.timescale", "{\"scale\":0.5}").get("timescale").asDouble());
        assertEquals(0.5, game.loop.timeScale());
        assertEquals("-32602 no system Nope in this loop (loop.systems lists them)",
                error("loop.set_rate", "{\"system\":\"Nope\",\"hz\":5}"));
        assertEquals("-32602 loop.set_rate: hz must be a number from 0.0 to 1000000.0",
                error("loop.set_rate", "{\"system\":\"Walk\",\"hz\":-1}"));
        assertEquals("-32602 loop.timescale: scale must be a number from 0.0 to 1000.0",
                error("loop.timescale", "{\"scale\":\"fast\"}"));
    }

    @Test
    void worldSetEditsOneFieldAndRefusesBadEditsChangingNothing() throws IOException {
        JsonNode r = result("world.set", "{\"entity\":4,\"component\":\"Life\",\"field\":\"mood\",\"value\":\"ANGRY\"}");
        assertEquals(game.loop.simulatedNanos(), r.get("at_ns").asLong());
        assertEquals(TestGame.Life.class.getName(), r.get("component").asText());
        assertEquals(TestGame.Mood.ANGRY, game.loop.world().getMapper(TestGame.Life.class).get(4).mood);
        result("world.set", "{\"entity\":4,\"component\":\"Body\",\"field\":\"position\",\"value\":[1.5,-2]}");
        assertEquals(1.5f, game.loop.world().getMapper(TestGame.Body.class).get(4).position.x);
        result("world.set", "{\"entity\":4,\"component\":\"Body\",\"field\":\"velocity.y\",\"value\":9}");
        assertEquals(9f, game.loop.world().getMapper(TestGame.Body.class).get(4).velocity.y);
        long hash = hash();
        String[][] bad = {
            {"{\"entity\":4,\"component\":\"Life\",\"field\":\"mood\",\"value\":\"SAD\"}",
                "-32602 Life.mood is Mood: cannot set it to \"SAD\""},
            {"{\"entity\":4,\"component\":\"Body\",\"field\":\"position\",\"value\":[1]}",
                "-32602 Body.position needs 2 numbers separated by commas, got \"1\""},
            {"{\"entity\":5,\"component\":\"Life\",\"field\":\"age\",\"value\":1}", "-32602 entity 5 has no Life"},
            {"{\"entity\":4,\"component\":\"Life\",\"field\":\"age\",\"value\":1.5}",
                "-32602 Life.age is int: cannot set it to \"1.5\""},
            {"{\"entity\":4,\"component\":\"Life\",\"field\":\"age\",\"value\":{}}",
                "-32602 world.set: value must be a number, boolean, string or list of 1 to 4 numbers"},
            {"{\"entity\":4,\"component\":\"Life\",\"value\":1}", "-32602 world.set: field must be a non-empty string"},
        };
        for (String[] b : bad) {
            assertEquals(b[1], error("world.set", b[0]), b[0]);
        }
        assertEquals(hash, hash(), "refused edits changed nothing");
    }

    @Test
    void editsAndControlsMadeOverHttpReplayToTheSameHash() throws IOException {
        for (int round = 0; round < 5; round++) {
            result("world.set", "{\"entity\":" + (round * 10) + ",\"component\":\"Body\",\"field\":\"velocity\","
                    + "\"value\":[" + round + ".25,-1]}");
            if (round == 2) {
                result("loop.set_rate", "{\"system\":\"Age\",\"hz\":25}");
                result("world.set", "{\"entity\":8,\"component\":\"Life\",\"field\":\"mood\",\"value\":\"ANGRY\"}");
            }
            for (int f = 0; f < 13; f++) {
                explorer.drain();
                game.frame();
            }
        }
        Path file = dir.resolve("explored.replay");
        long end = game.recorder.save(file);
        Replay replay = Replay.read(file);
        ReplayTarget copy = TestGame.fresh();
        ReplayResult result = Replayer.play(replay, copy.loop(), copy.clock(), null, () -> 5_000_000L);
        assertNull(result.divergence(), () -> String.valueOf(result.divergence()));
        assertEquals(end, result.finalHash());
        assertTrue(result.hashesMatched() > 5);

        TestGame untouched = new TestGame(false);
        while (untouched.loop.simulatedNanos() < game.loop.simulatedNanos()) {
            untouched.frame();
        }
        assertNotEquals(end, new StateHash(untouched.loop.world()).hash(), "the edits must have mattered");
    }

    @Test
    void watchStreamsValuesAsServerSentEvents() throws IOException {
        http.send(Http.post(explorer.port(), TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":\"w\",\"method\":\"world.watch\","
                + "\"params\":{\"component\":\"Body\",\"entities\":[3,4],\"hz\":60,\"max_events\":3}}"));
        Http.Response head = http.read(explorer::drain);
        assertEquals(200, head.status());
        assertTrue(head.header("Content-Type").startsWith("text/event-stream"), head.head());
        List<String> events = http.readEvents(3, () -> {
            explorer.drain();
            game.frame();
        });
        assertEquals(3, events.size());
        double x0 = JSON.readTree(events.get(0)).get("result").get("values").get("4").get("position").get(0).asDouble();
        double x2 = JSON.readTree(events.get(2)).get("result").get("values").get("4").get("position").get(0).asDouble();
        assertNotEquals(x0, x2, "entity 4 walks along x at 1 cell/s");
        assertEquals("w", JSON.readTree(events.get(1)).get("id").asText());
    }

    @Test
    void aWatchWithoutAComponentStreamsWholeEntitiesAsWorldGetShowsThem() throws IOException {
        http.send(Http.post(explorer.port(), TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"world.watch\","
                + "\"params\":{\"entities\":[4,5,5000],\"hz\":60,\"max_events\":2}}"));
        assertEquals(200, http.read(explorer::drain).status());
        List<String> events = http.readEvents(2, () -> {
            explorer.drain();
            game.frame();
        });
        JsonNode values = JSON.readTree(events.get(1)).get("result").get("values");
        assertEquals(List.of("Body", "Life"), names(values.get("4")), "entity 4 has a Life, as even ones do");
        assertEquals(List.of("Body"), names(values.get("5")));
        assertTrue(values.get("5000").isNull(), "no such entity");
        assertEquals(2, values.get("4").get("Body").get("position").size(), "a vector as an array, as world.get");
        http.close();                         // the stream ended: a fresh connection for the next request
        http = new Http(explorer.port());
        assertEquals("-32602 world.watch: entities must be a list of 1 to 10 entity ids",
                error("world.watch", "{\"entities\":[1,2,3,4,5,6,7,8,9,10,11]}"));
    }

    private static List<String> names(JsonNode object) {
        List<String> out = new java.util.ArrayList<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void malformedAndUnknownRequestsGetOneClearError() throws IOException {
        Http.Response bad = raw(Http.post(explorer.port(), TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":1,"));
        assertEquals(400, bad.status());
        assertEquals(-32700, JSON.readTree(bad.body()).get("error").get("code").asInt());
        assertEquals("-32601 no method \"world.explode\" (see docs/EXPLORER.md for the list)",
                error("world.explode", "{}"));
        Http.Response version = raw(Http.post(explorer.port(), TOKEN, "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"x\"}"));
        assertEquals("jsonrpc must be \"2.0\"", JSON.readTree(version.body()).get("error").get("message").asText());
        Http.Response batch = raw(Http.post(explorer.port(), TOKEN, "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}]"));
        assertEquals("batches are not supported: send one request per POST",
                JSON.readTree(batch.body()).get("error").get("message").asText());
        Http.Response deep = raw(Http.post(explorer.port(), TOKEN, "[".repeat(5000) + "]".repeat(5000)));
        assertEquals(-32700, JSON.readTree(deep.body()).get("error").get("code").asInt());
        assertEquals("-32602 loop.systems: params must be an object", error("loop.systems", "[1]"));
    }

    @Test
    void strangersForeignPagesAndOversizedBodiesChangeNothing() throws IOException {
        long hash = hash();
        String edit = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"world.set\",\"params\":{\"entity\":4,"
                + "\"component\":\"Life\",\"field\":\"age\",\"value\":999}}";
        int port = explorer.port();
        Http.Response none = raw(Http.request("POST", "/rpc", port, null, "application/json", null, edit));
        assertEquals(401, none.status());
        assertEquals("Bearer", none.header("WWW-Authenticate"));
        assertEquals(401, raw(Http.request("POST", "/rpc", port, TOKEN + "x", "application/json", null, edit)).status());
        assertEquals(401, raw(Http.request("POST", "/rpc", port, "", "application/json", null, edit)).status());
        Http.Response foreign = raw(Http.request("POST", "/rpc", port, TOKEN, "application/json",
                "http://evil.example", edit));
        assertEquals(403, foreign.status());
        assertEquals("requests from another origin are refused", foreign.body().strip());
        assertEquals(403, raw(Http.request("POST", "/rpc", port, TOKEN, "application/json", "null", edit)).status());
        Http.Response simple = raw(Http.request("POST", "/rpc", port, TOKEN, "text/plain", null, edit));
        assertEquals(415, simple.status(), "the CORS-simple text/plain request is refused");
        Http.Response form = raw(Http.request("POST", "/rpc", port, TOKEN, "application/x-www-form-urlencoded",
                null, edit));
        assertEquals(415, form.status());
        Http.Response rebound = raw(Http.request("POST", "/rpc", port, TOKEN, "application/json", null, edit)
                .replace("Host: 127.0.0.1:" + port, "Host: attacker.example:" + port));
        assertEquals(403, rebound.status(), "a DNS-rebound name is refused");
        Http.Response sameOrigin = raw(Http.request("GET", "/", port, null, null, "http://127.0.0.1:" + port, null));
        assertEquals(200, sameOrigin.status());
        assertTrue(sameOrigin.header("Content-Security-Policy").contains("frame-ancestors 'none'"));
        assertEquals(hash, hash());
        assertNotEquals(999, game.loop.world().getMapper(TestGame.Life.class).get(4).age);

        String big = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"loop.systems\",\"params\":{\"pad\":\""
                + "x".repeat(Explorer.MAX_BODY_BYTES) + "\"}}";
        Http.Response huge = raw(Http.post(port, TOKEN, big));
        assertEquals(413, huge.status());
    }

    @Test
    void readOnlyAndLockstepExplorersRefuseEditsInOneLine() throws IOException {
        long hash = hash();
        try (Explorer readOnly = Explorer.builder(game.loop).port(0).token(TOKEN).clock(game.clock).open();
             Http h = new Http(readOnly.port())) {
            h.send(Http.post(readOnly.port(), TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"world.set\","
                    + "\"params\":{\"entity\":4,\"component\":\"Life\",\"field\":\"age\",\"value\":9}}"));
            JsonNode r = JSON.readTree(h.read(readOnly::drain).body());
            assertEquals("world.set refused: the explorer is read-only (start the game with edits enabled, e.g. "
                    + "--explorer-edit)", r.get("error").get("message").asText());
            h.send(Http.post(readOnly.port(), TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"loop.pause\"}"));
            assertEquals(-32000, JSON.readTree(h.read(readOnly::drain).body()).get("error").get("code").asInt());
        }
        try (Explorer match = Explorer.builder(game.loop).port(0).token(TOKEN).clock(game.clock).edits(true)
                .refuseEdits("in a lockstep match edits are not match-wide yet").open();
             Http h = new Http(match.port())) {
            h.send(Http.post(match.port(), TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"loop.set_rate\","
                    + "\"params\":{\"system\":\"Walk\",\"hz\":5}}"));
            assertEquals("loop.set_rate refused: in a lockstep match edits are not match-wide yet",
                    JSON.readTree(h.read(match::drain).body()).get("error").get("message").asText());
        }
        assertEquals(hash, hash());
        assertFalse(game.loop.isPaused());
        assertEquals(60.0, game.loop.system(TestGame.Walk.class).rate());
    }

    @Test
    void aConnectionOverTwoHundredRequestsPerSecondIsToldSo() throws IOException {
        // 210 pipelined requests at one instant of the manual clock: the first 200 are answered, then 429s.
        StringBuilder burst = new StringBuilder();
        String one = Http.post(explorer.port(), TOKEN, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"no.such\"}");
        for (int i = 0; i < 15; i++) {
            burst.append(one);
        }
        int ok = 0;
        int limited = 0;
        for (int round = 0; round < 14; round++) {
            http.send(burst.toString());
            for (int i = 0; i < 15; i++) {
                int status = http.read(explorer::drain).status();
                if (status == 200) {
                    ok++;
                } else if (status == 429) {
                    limited++;
                }
            }
        }
        assertEquals(200, ok);
        assertEquals(10, limited);
        game.clock.advance(1_000_000_000L);
        assertEquals(-32601, rpc("no.such", "{}").get("error").get("code").asInt(), "a second later it may again");
    }
}
