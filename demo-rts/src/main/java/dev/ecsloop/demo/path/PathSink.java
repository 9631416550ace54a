package dev.ecsloop.demo.path;

/** Receives the answers of a {@link PathService}, one call per request, in request order. */
@FunctionalInterface
public interface PathSink {
    /**
     * @param unitId the id given with the request
     * @param route  never null; {@link Route#reachable()} is false when there is no path
     */
    void deliver(int unitId, Route route);
}
