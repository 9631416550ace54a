package dev.ecsloop.examples.skeleton;

/** The playing field, in text cells: what the units bounce inside and the renderer draws. */
final class Field {

    static final int WIDTH = 60;
    static final int HEIGHT = 16;

    private Field() {
    }
}
