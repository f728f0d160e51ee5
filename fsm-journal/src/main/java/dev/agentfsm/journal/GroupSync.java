package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Forces journal files for their writers in shared rounds: group commit ({@link Durability#GROUP}). A
 * writer that has written a record calls {@link #sync} and blocks until a round that began after its
 * write has forced its file; the writers that arrive while a round is forcing all wait for the next
 * round, which forces their files together. Their threads wait parked, not each inside its own {@code
 * fsync} (a virtual thread in a force holds its carrier, which the JDK replaces with another platform
 * thread).
 *
 * <p>A round forces its files at once, from a few threads: a file system commits concurrent forces
 * together (ext4 and XFS join them in one journal commit), while forces made one after the other wait
 * for a commit each (2 to 3 ms apiece on the project's build machine, against about 0.1 ms in a
 * concurrent batch). One syncer serves the JVM ({@link #SHARED}); its threads are daemons and the
 * forcing threads end when idle.
 */
final class GroupSync {
    /** How a file is forced: {@code channel.force(false)}, or a stand-in in tests. */
    interface Force {
        void force(FileChannel channel) throws IOException;
    }

    /** The most files a round forces at the same moment. */
    static final int FORCERS = 128;

    /** The JVM's syncer, used by every journal with {@link Durability#GROUP}. */
    static final GroupSync SHARED = new GroupSync(channel -> channel.force(false), FORCERS);

    private final Force force;
    private final ThreadPoolExecutor forcers;
    private final Object lock = new Object();
    /** The round writers join now; it starts once the syncer is free. Guarded by {@link #lock}. */
    private Round open = new Round();

    private boolean started;
    private long rounds;
    private long forces;

    GroupSync(Force force, int forcers) {
        this.force = force;
        this.forcers = new ThreadPoolExecutor(
                forcers, forcers, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> daemon(r, "force"));
        this.forcers.allowCoreThreadTimeOut(true);
    }

    /** The files of one round, and when they were forced. */
    private static final class Round {
        final List<FileChannel> files = new ArrayList<>();
        final Map<FileChannel, IOException> failures = new IdentityHashMap<>();
        final CountDownLatch forced = new CountDownLatch(1);
    }

    /**
     * Returns once {@code file} was forced to the device by a round that began after this call: what was
     * written to it before the call is durable. The wait is not cut short by an interrupt (the record
     * would not be known durable); the thread's interrupt is kept for its caller.
     *
     * @throws IOException the force's own failure, for this file only
     */
    void sync(FileChannel file) throws IOException {
        Round round;
        synchronized (lock) {
            round = open;
            round.files.add(file);
            if (!started) {
                started = true;
                daemon(this::run, "sync").start();
            }
            lock.notifyAll();
        }
        boolean interrupted = false;
        while (true) {
            try {
                round.forced.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        IOException failure;
        synchronized (round.failures) {
            failure = round.failures.get(file);
        }
        if (failure != null) {
            throw new IOException(failure.getMessage(), failure);
        }
    }

    /** The rounds completed so far. */
    long rounds() {
        synchronized (lock) {
            return rounds;
        }
    }

    /** The files forced so far, counted once per round they were in. */
    long forces() {
        synchronized (lock) {
            return forces;
        }
    }

    /** Waits until {@code count} writers wait for the next round (for tests, which must not sleep). */
    void awaitWaiting(int count) throws InterruptedException {
        synchronized (lock) {
            while (open.files.size() < count) {
                lock.wait();
            }
        }
    }

    private void run() {
        while (true) {
            Round round;
            synchronized (lock) {
                while (open.files.isEmpty()) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        // the syncer's own thread: nobody interrupts it on purpose, and writers wait on it
                    }
                }
                round = open;
                open = new Round();
            }
            try {
                forceAll(round);
            } catch (RuntimeException | Error e) {
                // never leave a writer waiting: whatever was not forced fails for its writer
                synchronized (round.failures) {
                    for (FileChannel file : round.files) {
                        round.failures.putIfAbsent(file, new IOException("the journal's syncer failed: " + e, e));
                    }
                }
            }
            synchronized (lock) {
                rounds++;
                forces += round.files.size();
            }
            round.forced.countDown();
        }
    }

    private void forceAll(Round round) {
        if (round.files.size() == 1) {
            forceOne(round, round.files.get(0));
            return;
        }
        List<Callable<Void>> tasks = new ArrayList<>(round.files.size());
        for (FileChannel file : round.files) {
            tasks.add(() -> {
                forceOne(round, file);
                return null;
            });
        }
        List<Future<Void>> done;
        try {
            done = forcers.invokeAll(tasks);
        } catch (InterruptedException e) {
            throw new IllegalStateException("the journal's syncer was interrupted", e);
        }
        for (Future<Void> future : done) {
            try {
                future.get();
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException("forcing a journal file failed unexpectedly", e);
            }
        }
    }

    private void forceOne(Round round, FileChannel file) {
        try {
            force.force(file);
        } catch (IOException e) {
            synchronized (round.failures) {
                round.failures.put(file, e);
            }
        } catch (RuntimeException e) {
            synchronized (round.failures) {
                round.failures.put(file, new IOException(e.toString(), e));
            }
        }
    }

    private static Thread daemon(Runnable work, String role) {
        Thread thread = new Thread(work, "agentfsm-journal-" + role);
        thread.setDaemon(true);
        return thread;
    }
}
