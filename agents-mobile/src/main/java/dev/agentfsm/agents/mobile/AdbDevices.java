package dev.agentfsm.agents.mobile;

import java.util.ArrayList;
import java.util.List;

/** Parses the output of {@code adb devices} (with or without {@code -l}). */
final class AdbDevices {

    /**
     * One line of {@code adb devices}.
     *
     * @param serial the device's serial, e.g. {@code emulator-5554}
     * @param state adb's word for it: {@code device} (usable), {@code unauthorized}, {@code offline}, ...
     */
    record Entry(String serial, String state) {
        boolean usable() {
            return state.equals("device");
        }
    }

    private AdbDevices() {}

    /** The devices listed, in order; the header, daemon messages and blank lines are skipped. */
    static List<Entry> parse(String output) {
        List<Entry> entries = new ArrayList<>();
        for (String line : output.split("\\R")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("List of devices") || trimmed.startsWith("*")) {
                continue;
            }
            String[] fields = trimmed.split("\\s+");
            if (fields.length >= 2) {
                entries.add(new Entry(fields[0], fields[1]));
            }
        }
        return List.copyOf(entries);
    }
}
