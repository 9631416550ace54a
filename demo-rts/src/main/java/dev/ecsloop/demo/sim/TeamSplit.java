package dev.ecsloop.demo.sim;

import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;

/**
 * The tick's {@link UnitArrays} split by team, each team's units in dense (entity id) order, so a team's grid
 * visits enemies in the same order as a grid of everyone would: the targets picked do not depend on the split.
 *
 * <p>A stable partition through the parallel-for: chunks count their units of each team, a serial prefix sum over
 * chunks gives each chunk its first slot in each team, and chunks copy their units there. Chunk c's units of a
 * team follow chunk c-1's, in their own order, so the teams come out exactly as a serial pass in id order would
 * make them, at any number of workers. Buffers grow with the army; a steady split allocates nothing.
 */
final class TeamSplit {
    final Team[] teams = {new Team(), new Team()};
    /** Per chunk and team, {@code slots[chunk * 2 + team]}: first its count, then its first slot. */
    private int[] slots = new int[0];
    private UnitArrays all;
    private final Chunk.Task count = this::count;
    private final Chunk.Task copy = this::copy;

    /** One team's units: for each, its dense index in the tick's {@link UnitArrays} and its position. */
    static final class Team {
        int count;
        int[] dense = new int[0];
        float[] xs = new float[0];
        float[] ys = new float[0];
    }

    void fill(UnitArrays units, Parallel parallel) {
        int n = units.count;
        for (Team t : teams) {
            if (t.dense.length < n) {
                int cap = Math.max(n, t.dense.length * 2);
                t.dense = new int[cap];
                t.xs = new float[cap];
                t.ys = new float[cap];
            }
        }
        int chunks = (n + Parallel.CHUNK_SIZE - 1) / Parallel.CHUNK_SIZE;
        if (slots.length < 2 * chunks) {
            slots = new int[Math.max(2 * chunks, slots.length * 2)];
        }
        this.all = units;
        try {
            parallel.forEach(units.ids, n, Parallel.CHUNK_SIZE, count);
            for (int team = 0; team < 2; team++) {
                int at = 0;
                for (int c = 0; c < chunks; c++) {
                    int k = 2 * c + team;
                    int size = slots[k];
                    slots[k] = at;
                    at += size;
                }
                teams[team].count = at;
            }
            parallel.forEach(units.ids, n, Parallel.CHUNK_SIZE, copy);
        } finally {
            this.all = null;
        }
    }

    /** Step 1: the chunk's units per team (units of any other team belong to neither). */
    private void count(Chunk chunk) {
        int zeros = 0;
        int ones = 0;
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int team = all.teams[i];
            if (team == 0) {
                zeros++;
            } else if (team == 1) {
                ones++;
            }
        }
        slots[2 * chunk.index()] = zeros;
        slots[2 * chunk.index() + 1] = ones;
    }

    /** Step 2: the chunk's units to their team's slots, from the chunk's first slot in each. */
    private void copy(Chunk chunk) {
        int at0 = slots[2 * chunk.index()];
        int at1 = slots[2 * chunk.index() + 1];
        Team zero = teams[0];
        Team one = teams[1];
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int team = all.teams[i];
            if (team == 0) {
                zero.dense[at0] = i;
                zero.xs[at0] = all.xs[i];
                zero.ys[at0] = all.ys[i];
                at0++;
            } else if (team == 1) {
                one.dense[at1] = i;
                one.xs[at1] = all.xs[i];
                one.ys[at1] = all.ys[i];
                at1++;
            }
        }
    }
}
