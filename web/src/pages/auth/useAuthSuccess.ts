import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setPostLoginTarget } from '../../lib/redirects';
import { setTokens } from '../../api/session';
import { renewDataToken } from '../../api/client';
import type { TokenPair } from '../../api/auth';

/** Stores a new session and goes to `target` (the redirectUri, or the workspace hub). */
export function useAuthSuccess() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(
    (tokens: TokenPair, target: string) => {
      client.clear();
      setPostLoginTarget(target);
      setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, apiToken: null });
      void renewDataToken();
      navigate(target, { replace: true });
    },
    [client, navigate],
  );
}
