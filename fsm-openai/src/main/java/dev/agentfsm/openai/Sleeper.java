package dev.agentfsm.openai;

import java.time.Duration;

/** Waits between retries; tests replace it so that back-off costs no time. */
@FunctionalInterface
interface Sleeper {
    Sleeper REAL = duration -> Thread.sleep(duration.toMillis());

    void sleep(Duration duration) throws InterruptedException;
}
