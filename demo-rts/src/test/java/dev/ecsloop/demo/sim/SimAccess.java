package dev.ecsloop.demo.sim;

/** Test access to the simulation from other packages' tests: ends a game as a last hit on a base would. */
public final class SimAccess {

    private SimAccess() {
    }

    /** Sets {@code team}'s base to zero hit points; the next tick that checks bases ends the game. */
    public static void destroyBase(RtsGame game, int team) {
        game.loop().world().getMapper(Health.class).get(game.baseOf(team)).hp = 0f;
    }
}
