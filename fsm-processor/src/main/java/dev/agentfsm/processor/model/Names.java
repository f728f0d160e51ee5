package dev.agentfsm.processor.model;

import java.util.Locale;

/** How generated names derive from statuses and machines; shared by validation and writing. */
public final class Names {

    /** What a state's generated helper is named after the state class: {@code <StateClass>Moves}. */
    public static final String MOVES_SUFFIX = "Moves";

    private Names() {}

    /** {@code DELEGATE_TO_APP} to {@code DelegateToApp}. */
    public static String upperCamel(String upperSnake) {
        StringBuilder out = new StringBuilder(upperSnake.length());
        for (String part : upperSnake.split("_", -1)) {
            if (part.isEmpty()) {
                continue;
            }
            out.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return out.toString();
    }

    /** {@code DELEGATE_TO_APP} to {@code delegateToApp}. */
    public static String lowerCamel(String upperSnake) {
        String upper = upperCamel(upperSnake);
        return upper.isEmpty() ? upper : Character.toLowerCase(upper.charAt(0)) + upper.substring(1);
    }

    /** The helper method for a transition: {@code toAssign()}, or {@code toHostAgentContinue(host)} for a hand-off. */
    public static String transitionMethod(MachineRef owner, StateRef target) {
        String status = target.status().orElse(target.type().simpleName());
        if (target.machine().isPresent() && !target.belongsTo(owner)) {
            return "to" + target.machine().get().name() + upperCamel(status);
        }
        return "to" + upperCamel(status);
    }
}
