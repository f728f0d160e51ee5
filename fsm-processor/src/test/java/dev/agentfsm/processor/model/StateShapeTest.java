package dev.agentfsm.processor.model;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one definition of a state the manager can create, shared by the validator's rule and the stand-in types. */
class StateShapeTest {

    @Test
    void aShapeWithNothingWrongIsCreatable() {
        assertThat(StateShape.OK.isCreatable()).isTrue();
    }

    @Test
    void eachSingleDefectMakesItNotCreatable() {
        List<StateShape> oneDefectEach = List.of(
                new StateShape(false, false, false, false, true, true, false, false),
                new StateShape(true, true, false, false, true, true, false, false),
                new StateShape(true, false, true, false, true, true, false, false),
                new StateShape(true, false, false, true, true, true, false, false),
                new StateShape(true, false, false, false, false, true, false, false),
                new StateShape(true, false, false, false, true, false, false, false),
                new StateShape(true, false, false, false, true, true, true, false),
                new StateShape(true, false, false, false, true, true, false, true));
        for (StateShape shape : oneDefectEach) {
            assertWithMessage(shape.toString()).that(shape.isCreatable()).isFalse();
        }
    }
}
