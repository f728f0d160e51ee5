package dev.agentfsm.agents.mobile;

import java.util.Optional;

/**
 * What the device is, from {@code getprop}, {@code wm size}, {@code wm density} and {@code dumpsys battery}.
 *
 * @param model {@code ro.product.model}, e.g. {@code Pixel 7}
 * @param androidVersion {@code ro.build.version.release}, e.g. {@code 14}
 * @param sdk {@code ro.build.version.sdk}, e.g. {@code 34}
 * @param screenSize the size {@code wm size} reports (the override when one is set), e.g. {@code 1080x2400}
 * @param density the density {@code wm density} reports (the override when one is set), e.g. {@code 420}
 * @param batteryLevel the battery level in percent, when {@code dumpsys battery} reports one
 * @param batteryStatus {@code charging}, {@code discharging}, {@code not charging}, {@code full} or {@code unknown}
 */
public record DeviceInfo(
        String model,
        String androidVersion,
        String sdk,
        String screenSize,
        String density,
        Optional<Integer> batteryLevel,
        String batteryStatus) {

    /** Reads the values out of the commands' outputs. */
    static DeviceInfo parse(String model, String release, String sdk, String wmSize, String wmDensity, String battery) {
        return new DeviceInfo(
                model.strip(),
                release.strip(),
                sdk.strip(),
                wmValue(wmSize),
                wmValue(wmDensity),
                batteryField(battery, "level").flatMap(DeviceInfo::integer),
                batteryField(battery, "status")
                        .flatMap(DeviceInfo::integer)
                        .map(DeviceInfo::status)
                        .orElse("unknown"));
    }

    /** {@code wm} prints "Physical size: 1080x2400" and, when overridden, "Override size: 720x1600": the override wins. */
    private static String wmValue(String output) {
        String value = "";
        for (String line : output.strip().split("\\R", -1)) {
            int colon = line.indexOf(':');
            if (colon >= 0 && (value.isEmpty() || line.startsWith("Override"))) {
                value = line.substring(colon + 1).strip();
            }
        }
        return value;
    }

    private static Optional<String> batteryField(String output, String name) {
        return output.lines()
                .map(String::strip)
                .filter(line -> line.startsWith(name + ":"))
                .map(line -> line.substring(name.length() + 1).strip())
                .findFirst();
    }

    private static Optional<Integer> integer(String value) {
        try {
            return Optional.of(Integer.parseInt(value));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Android's {@code BatteryManager.BATTERY_STATUS_*} codes. */
    private static String status(int code) {
        return switch (code) {
            case 2 -> "charging";
            case 3 -> "discharging";
            case 4 -> "not charging";
            case 5 -> "full";
            default -> "unknown";
        };
    }

    /** One line for the prompt. */
    String describe() {
        return model + ", Android " + androidVersion + " (SDK " + sdk + "), screen " + screenSize + " at " + density
                + " dpi, battery " + batteryLevel.map(l -> l + "%").orElse("unknown") + " (" + batteryStatus + ")";
    }
}
