/**
 * Saving and loading the demo's game: snapshot files ({@link dev.ecsloop.demo.save.SaveFiles}, plain or
 * gzip-compressed), the console's {@code save}, {@code load} and {@code autosave}
 * ({@link dev.ecsloop.demo.save.SaveCommands}), saves at given simulated instants
 * ({@link dev.ecsloop.demo.save.SaveAt}) and autosave every N simulated minutes
 * ({@link dev.ecsloop.demo.save.Autosave}). Captures and restores run on the loop thread between frames;
 * compressing and writing run on another thread, so no frame waits for a disk.
 */
package dev.ecsloop.demo.save;
