package dev.ecsloop.explorer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads one request's {@code params} object, refusing anything missing or of the wrong type with one line that
 * names the parameter. Runs on a server thread, before anything is queued for the loop.
 */
final class Params {

    private final String method;
    private final JsonNode params;

    Params(String method, JsonNode params) {
        this.method = method;
        if (params != null && !params.isNull() && !params.isObject()) {
            throw RpcException.params(method + ": params must be an object");
        }
        this.params = params == null || params.isNull() ? null : params;
    }

    private JsonNode get(String name) {
        return params == null ? null : params.get(name);
    }

    boolean has(String name) {
        JsonNode n = get(name);
        return n != null && !n.isNull();
    }

    String text(String name) {
        JsonNode n = get(name);
        if (n == null || !n.isTextual() || n.asText().isEmpty()) {
            throw RpcException.params(method + ": " + name + " must be a non-empty string");
        }
        if (n.asText().length() > 1024) {
            throw RpcException.params(method + ": " + name + " is longer than 1024 characters");
        }
        return n.asText();
    }

    String text(String name, String fallback) {
        return has(name) ? text(name) : fallback;
    }

    long integer(String name, long min, long max) {
        JsonNode n = get(name);
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < min || n.asLong() > max) {
            throw RpcException.params(method + ": " + name + " must be an integer from " + min + " to " + max);
        }
        return n.asLong();
    }

    long integer(String name, long min, long max, long fallback) {
        return has(name) ? integer(name, min, max) : fallback;
    }

    double number(String name, double min, double max) {
        JsonNode n = get(name);
        if (n == null || !n.isNumber() || !Double.isFinite(n.asDouble()) || n.asDouble() < min
                || n.asDouble() > max) {
            throw RpcException.params(method + ": " + name + " must be a number from " + min + " to " + max);
        }
        return n.asDouble();
    }

    boolean bool(String name, boolean fallback) {
        JsonNode n = get(name);
        if (n == null || n.isNull()) {
            return fallback;
        }
        if (!n.isBoolean()) {
            throw RpcException.params(method + ": " + name + " must be true or false");
        }
        return n.asBoolean();
    }

    /** A list of at most {@code max} non-empty strings; absent means empty. */
    String[] texts(String name, int max) {
        JsonNode n = get(name);
        if (n == null || n.isNull()) {
            return new String[0];
        }
        if (!n.isArray() || n.size() > max) {
            throw RpcException.params(method + ": " + name + " must be a list of at most " + max + " names");
        }
        String[] out = new String[n.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode e = n.get(i);
            if (!e.isTextual() || e.asText().isEmpty() || e.asText().length() > 1024) {
                throw RpcException.params(method + ": " + name + " must hold non-empty strings");
            }
            out[i] = e.asText();
        }
        return out;
    }

    /** A list of at most {@code max} entity ids. */
    int[] ids(String name, int max) {
        JsonNode n = get(name);
        if (n == null || !n.isArray() || n.isEmpty() || n.size() > max) {
            throw RpcException.params(method + ": " + name + " must be a list of 1 to " + max + " entity ids");
        }
        int[] out = new int[n.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode e = n.get(i);
            if (!e.isIntegralNumber() || !e.canConvertToInt() || e.asInt() < 0) {
                throw RpcException.params(method + ": " + name + " must hold entity ids (integers, 0 or more)");
            }
            out[i] = e.asInt();
        }
        return out;
    }

    /**
     * A field value as {@link dev.ecsloop.replay.ComponentEdit} text: a number as JSON wrote it, a boolean, a
     * string, or a list of numbers joined by commas (a vector).
     */
    String value(String name) {
        JsonNode n = get(name);
        if (n == null || n.isNull()) {
            throw RpcException.params(method + ": " + name + " is missing");
        }
        if (n.isNumber() || n.isBoolean()) {
            return n.asText();
        }
        if (n.isTextual()) {
            if (n.asText().length() > 1024) {
                throw RpcException.params(method + ": " + name + " is longer than 1024 characters");
            }
            return n.asText();
        }
        if (n.isArray() && n.size() >= 1 && n.size() <= 4) {
            StringBuilder sb = new StringBuilder();
            for (JsonNode e : n) {
                if (!e.isNumber()) {
                    throw RpcException.params(method + ": " + name + " as a list must hold numbers");
                }
                sb.append(sb.length() == 0 ? "" : ",").append(e.asText());
            }
            return sb.toString();
        }
        throw RpcException.params(method + ": " + name + " must be a number, boolean, string or list of 1 to 4 "
                + "numbers");
    }
}
