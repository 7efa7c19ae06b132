import { useNavigate } from 'react-router';

/** Back where the reader came from, or home when the page was opened in a fresh tab (nowhere to go back to). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    if ((window.history.state?.idx ?? 0) > 0 || window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
}
