package dev.agentfsm.processor.model;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How generated names derive from statuses and machines; shared by validation and writing. */
public final class Names {

    /** What the generated file of a machine's state helpers is named after the machine: {@code <Machine>Moves}. */
    public static final String MOVES_SUFFIX = "Moves";

    /** The most bytes a file's name may have on the common file systems (ext4, XFS, APFS, NTFS): 255. */
    public static final int MAX_FILE_NAME_BYTES = 255;

    private Names() {}

    /**
     * The longest name of a file generated for {@code machine}: its transition table's source ({@code
     * <Name>TransitionTable.java}) or its resources, named by its qualified name ({@code
     * dev.example.HostAgent.yaml}, and the plugin's {@code .svg}).
     */
    public static String longestFileName(MachineModel machine) {
        String source = machine.ref().transitionTable().simpleName() + ".java";
        String pkg = machine.packageName();
        String resource = (pkg.isEmpty() ? "" : pkg + ".") + machine.name() + ".yaml";
        return utf8Bytes(source) >= utf8Bytes(resource) ? source : resource;
    }

    /** Whether every file generated for {@code machine} has a name a file system takes. */
    public static boolean fileNamesFit(MachineModel machine) {
        return utf8Bytes(longestFileName(machine)) <= MAX_FILE_NAME_BYTES;
    }

    /** The bytes {@code name} takes as a file's name (UTF-8, as the common file systems store it). */
    public static int utf8Bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * The generated helper of each of {@code states}, by state class: a class nested in the machine's
     * {@link MachineRef#moves()} and named as the state class ({@code HostAgentMoves.Assign} for
     * {@code HostAgentStates.Assign}); named with its outer classes ({@code HostAgentMoves.HostAgentStates_Assign})
     * when another of {@code states} has the same simple name, or the simple name is the file's own.
     *
     * @param states every state that gets a helper, so that each name is the same whichever of them are written
     */
    public static Map<TypeRef, TypeRef> movesTypes(MachineRef machine, List<StateModel> states) {
        TypeRef file = machine.moves();
        Map<String, Integer> bySimpleName = new HashMap<>();
        for (StateModel state : states) {
            bySimpleName.merge(state.type().simpleName(), 1, Integer::sum);
        }
        Map<TypeRef, TypeRef> helpers = new LinkedHashMap<>();
        for (StateModel state : states) {
            String simple = state.type().simpleName();
            boolean unique = bySimpleName.get(simple) == 1 && !simple.equals(file.simpleName());
            helpers.put(
                    state.type(),
                    new TypeRef(
                            file.packageName(),
                            List.of(
                                    file.simpleName(),
                                    unique ? simple : state.type().flatName())));
        }
        return helpers;
    }

    /**
     * A name for {@code status} of {@code machine}, the target of a hand-off, that no status can take:
     * {@code Host_CONTINUE}. A machine named in capitals ({@code HOST}) would make that {@code HOST_CONTINUE},
     * which is also a status the handing-off machine may have of its own; such a name gets a lower-case
     * prefix, {@code handOff_HOST_CONTINUE}. Machine names have no {@code _}, so no two hand-off targets
     * share a name either. Generated fields and diagram nodes are named with it.
     */
    public static String handOffName(MachineRef machine, String status) {
        String joined = machine.name() + "_" + status;
        return joined.chars().anyMatch(Character::isLowerCase) ? joined : "handOff_" + joined;
    }

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

    /**
     * Whether a helper method of this name would clash with a method every object has: {@code toString()},
     * for a move to a state named {@code STRING}. No other method of {@code Object} starts with {@code to}.
     */
    public static boolean isObjectMethod(String method) {
        return method.equals("toString");
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
