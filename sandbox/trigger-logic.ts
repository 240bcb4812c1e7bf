/** An integration's trigger logic (OpnForm's `FormLogicConditionChecker`), evaluated on stored answers. */
export type Answers = Record<string, unknown>;

const asText = (value: unknown) =>
  Array.isArray(value)
    ? value.map(String).join(',')
    : value === null || value === undefined
      ? ''
      : String(value);

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/** One condition of OpnForm's logic tree (`FormLogicConditionChecker`, common operators). */
const conditionMet = (condition: Record<string, unknown>, answers: Answers): boolean => {
  const body = (condition.value ?? {}) as Record<string, unknown>;
  const meta = (body.property_meta ?? {}) as Record<string, unknown>;
  const answer = answers[String(meta.id ?? condition.identifier ?? '')];
  const expected = body.value;
  const list = Array.isArray(answer) ? answer.map(String) : undefined;
  switch (body.operator) {
    case 'is_checked':
      return answer === true || answer === 1 || answer === '1' || answer === 'true';
    case 'is_not_checked':
      return !(answer === true || answer === 1 || answer === '1' || answer === 'true');
    case 'equals':
      return list ? list.length === 1 && list[0] === String(expected) : asText(answer) === asText(expected);
    case 'does_not_equal':
      return list
        ? !(list.length === 1 && list[0] === String(expected))
        : asText(answer) !== asText(expected);
    case 'contains':
      return list ? list.includes(String(expected)) : asText(answer).includes(asText(expected));
    case 'does_not_contain':
      return list ? !list.includes(String(expected)) : !asText(answer).includes(asText(expected));
    case 'starts_with':
      return asText(answer).startsWith(asText(expected));
    case 'ends_with':
      return asText(answer).endsWith(asText(expected));
    case 'is_empty':
      return isEmptyValue(answer);
    case 'is_not_empty':
      return !isEmptyValue(answer);
    case 'greater_than':
      return Number(answer) > Number(expected);
    case 'greater_than_or_equal_to':
      return Number(answer) >= Number(expected);
    case 'less_than':
      return Number(answer) < Number(expected);
    case 'less_than_or_equal_to':
      return Number(answer) <= Number(expected);
    default:
      return false;
  }
};

const groupMet = (node: Record<string, unknown>, answers: Answers): boolean => {
  if (Array.isArray(node.children)) {
    const results = (node.children as Record<string, unknown>[]).map((child) => groupMet(child, answers));
    return node.operatorIdentifier === 'or' ? results.some(Boolean) : results.every(Boolean);
  }
  return conditionMet(node, answers);
};

/** Whether an integration's logic lets it run: empty logic (`[]`, `{}`, null) always does. */
export const logicMet = (logic: unknown, answers: Answers): boolean => {
  if (logic === null || logic === undefined) return true;
  if (Array.isArray(logic) && logic.length === 0) return true;
  if (typeof logic !== 'object') return true;
  if (!Array.isArray(logic) && Object.keys(logic).length === 0) return true;
  return groupMet(logic as Record<string, unknown>, answers);
};
