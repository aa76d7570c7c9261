import { describe, expect, it } from 'vitest';
import { examOf, scopeText } from './scope';

describe('module scope readers', () => {
  it('reads the chosen subject, and "not chosen" when it is missing or malformed', () => {
    expect(examOf({ exam: { genus_id: 2, category_id: 11, category_name: '英语四级' } })).toEqual({
      genus_id: 2,
      category_id: 11,
      category_name: '英语四级',
    });
    expect(examOf({})).toEqual({ genus_id: null, category_id: null, category_name: '' });
    expect(examOf({ exam: { genus_id: '2', category_id: null } })).toEqual({ genus_id: null, category_id: null, category_name: '' });
  });

  it('reads route params and query values as strings only', () => {
    const scope = { route: { routeTo: '%2Fuser%2Fhome' }, query: { word: '听力', n: 3 } };
    expect(scopeText(scope, 'route', 'routeTo')).toBe('%2Fuser%2Fhome');
    expect(scopeText(scope, 'query', 'word')).toBe('听力');
    expect(scopeText(scope, 'query', 'n')).toBeUndefined();
    expect(scopeText({}, 'route', 'thirdAuthKey')).toBeUndefined();
  });
});
