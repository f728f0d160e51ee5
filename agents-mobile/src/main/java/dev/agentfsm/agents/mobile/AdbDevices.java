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
        for (String line : output.split("\\R", -1)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("List of devices") || trimmed.startsWith("*")) {
                continue;
            }
            // "serial<TAB>state", where the state may be several words ("no permissions (...)"),
            // and `adb devices -l` appends "product:... model:..." fields
            String[] fields = trimmed.split("\\s+", 2);
            if (fields.length == 2) {
                String state = fields[1].startsWith("no permissions")
                        ? "no permissions"
                        : fields[1].split("\\s+", 2)[0];
                entries.add(new Entry(fields[0], state));
            }
        }
        return List.copyOf(entries);
    }
}
