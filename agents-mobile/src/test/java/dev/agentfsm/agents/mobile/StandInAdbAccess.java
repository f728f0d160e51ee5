package dev.agentfsm.agents.mobile;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The stand-in adb for tests in other packages of this module (the MCP test). */
public final class StandInAdbAccess {
    private final StandInAdb adb;

    private StandInAdbAccess(StandInAdb adb) {
        this.adb = adb;
    }

    /** Installs the stand-in under {@code directory}, as {@link StandInAdb#install} does. */
    public static StandInAdbAccess install(Path directory) {
        return new StandInAdbAccess(StandInAdb.install(directory));
    }

    /** The environment that makes a program find and drive the stand-in (ANDROID_HOME, its state and log). */
    public Map<String, String> environment() {
        return adb.environment();
    }

    /** Every call's arguments so far, oldest first. */
    public List<List<String>> calls() {
        return adb.calls();
    }
}
