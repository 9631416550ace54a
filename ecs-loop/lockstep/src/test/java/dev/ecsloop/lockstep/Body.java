package dev.ecsloop.lockstep;

import com.artemis.Component;

/** A test unit: where it is, where it goes, whose it is. */
public final class Body extends Component {
    public float x;
    public float y;
    public float vx;
    public float vy;
    public int team;
}
