package dev.ecsloop.explorer;

import io.netty.handler.codec.http.HttpHeaders;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The explorer's web page: a few files read from the jar once, served as they are. Plain ES modules and CSS,
 * nothing fetched from elsewhere, so the page works offline and needs no build step.
 */
final class StaticFiles {

    private static final String ROOT = "/dev/ecsloop/explorer/web/";
    private static final String[][] FILES = {
        {"/", "index.html", "text/html; charset=utf-8"},
        {"/index.html", "index.html", "text/html; charset=utf-8"},
        {"/app.js", "app.js", "text/javascript; charset=utf-8"},
        {"/rpc.js", "rpc.js", "text/javascript; charset=utf-8"},
        {"/charts.js", "charts.js", "text/javascript; charset=utf-8"},
        {"/style.css", "style.css", "text/css; charset=utf-8"},
    };

    /** One file: its bytes and content type. */
    record File(byte[] bytes, String type) {
    }

    private final Map<String, File> byPath = new HashMap<>();

    StaticFiles() {
        for (String[] f : FILES) {
            try (InputStream in = StaticFiles.class.getResourceAsStream(ROOT + f[1])) {
                if (in == null) {
                    throw new IllegalStateException("explorer page file missing from the jar: " + f[1]);
                }
                byPath.put(f[0], new File(in.readAllBytes(), f[2]));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    File get(String path) {
        return byPath.get(path);
    }

    /** Headers that keep the page to its own scripts and out of other sites' frames. */
    static void secure(HttpHeaders headers) {
        headers.set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; "
                + "connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        headers.set("Referrer-Policy", "no-referrer");
        headers.set("Cache-Control", "no-store");
    }
}
