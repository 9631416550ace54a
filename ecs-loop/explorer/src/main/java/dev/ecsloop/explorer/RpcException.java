package dev.ecsloop.explorer;

/**
 * A JSON-RPC error to answer with: a code from the JSON-RPC 2.0 specification (or the server range for the
 * explorer's own refusals) and one line saying what was wrong.
 */
final class RpcException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The body is not JSON. */
    static final int PARSE_ERROR = -32700;
    /** The JSON is not a JSON-RPC 2.0 request. */
    static final int INVALID_REQUEST = -32600;
    /** No such method. */
    static final int METHOD_NOT_FOUND = -32601;
    /** A parameter is missing, of the wrong type, or names something the world lacks. */
    static final int INVALID_PARAMS = -32602;
    /** The explorer refuses: read-only, edits not possible in this game, or too busy. */
    static final int REFUSED = -32000;

    private final int code;

    RpcException(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    static RpcException params(String message) {
        return new RpcException(INVALID_PARAMS, message);
    }

    int code() {
        return code;
    }
}
