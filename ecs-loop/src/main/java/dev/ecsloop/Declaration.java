package dev.ecsloop;

/**
 * How a system class declares that it runs: the {@link TickRate} or {@link EveryFrame} it carries, resolved once
 * when the loop is built. Both annotations are {@code @Inherited}, so the nearest class in the hierarchy that
 * declares either decides: a subclass's own annotation of either kind overrides what it inherits.
 */
final class Declaration {

    /** The declared rate, or null for a system that runs every frame. */
    final Rate rate;
    /** The declared phase, in millionths of a step; every-frame systems start at phase 0. */
    final long phasePpm;
    /** False for {@code @TickRate(catchUp = false)}: a throttled system. */
    final boolean catchUp;

    private Declaration(Rate rate, long phasePpm, boolean catchUp) {
        this.rate = rate;
        this.phasePpm = phasePpm;
        this.catchUp = catchUp;
    }

    /**
     * @param type a system class
     * @return its declaration
     * @throws IllegalArgumentException if the deciding class declares both annotations, or a bad rate or phase;
     *                                  the message names the system
     */
    static Declaration of(Class<?> type) {
        String name = type.getName();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            TickRate tickRate = c.getDeclaredAnnotation(TickRate.class);
            boolean everyFrame = c.getDeclaredAnnotation(EveryFrame.class) != null;
            if (tickRate != null && everyFrame) {
                throw new IllegalArgumentException("system " + name
                        + (c == type ? "" : " inherits from " + c.getName() + ", which")
                        + " carries both @TickRate and @EveryFrame");
            }
            if (tickRate != null) {
                return new Declaration(Rate.of(tickRate.value(), name), TickSchedule.phasePpm(tickRate.phase(), name),
                        tickRate.catchUp());
            }
            if (everyFrame) {
                break;
            }
        }
        return new Declaration(null, 0, true);
    }
}
