// /logout: signs out (revoking the session on the server, clearing stored values) and returns
// to the signup page.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void useSession
      .getState()
      .logout()
      .then(() => {
        useWorkspace.getState().reset();
        navigate('/workspace/signup', { replace: true });
      });
  }, [navigate]);
  return <FullScreenLoader />;
}
