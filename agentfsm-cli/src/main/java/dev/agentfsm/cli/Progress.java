package dev.agentfsm.cli;

import java.io.PrintWriter;

/** A one-line spinner with the seconds elapsed, redrawn in place on a terminal until closed. */
class Progress implements AutoCloseable {
    /** Progress that shows nothing. */
    static final Progress NONE = new Progress();

    private static final String FRAMES = "|/-\\";
    private static final long FRAME_MILLIS = 150;

    private Progress() {}

    static Progress start(PrintWriter out, String label) {
        Spinner spinner = new Spinner(out, label);
        spinner.thread.start();
        return spinner;
    }

    @Override
    public void close() {}

    private static final class Spinner extends Progress {
        private final PrintWriter out;
        private final String label;
        private final Thread thread;
        private volatile boolean done;

        Spinner(PrintWriter out, String label) {
            this.out = out;
            this.label = label;
            this.thread = new Thread(this::spin, "progress");
            thread.setDaemon(true);
        }

        private void spin() {
            long start = System.nanoTime();
            for (int frame = 0; !done; frame++) {
                long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                synchronized (out) {
                    out.print("\r" + FRAMES.charAt(frame % FRAMES.length()) + " " + label + " (" + seconds
                            + " s)\u001B[K");
                    out.flush();
                }
                try {
                    Thread.sleep(FRAME_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        @Override
        public void close() {
            done = true;
            thread.interrupt();
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (out) {
                out.print("\r\u001B[K");
                out.flush();
            }
        }
    }
}
